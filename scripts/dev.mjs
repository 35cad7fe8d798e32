// `npm run dev`: the API server (with an embedded database in ./data) and Vite's dev server with
// hot reload, which proxies /rest to the API. Ctrl-C stops both. The check first: the server it
// starts is TypeScript, which a Node older than 22.18 cannot run.
import './check-node.cjs';
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '54321';
const children = [
  spawn(process.execPath, ['server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, DIST_DIR: 'dist-none' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
