import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In `npm run dev` the API server listens on API_PORT and Vite proxies the data API to it, so the
// app always talks to its own origin (no CORS, same as `npm start`).
const apiPort = process.env.API_PORT ?? '54321';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/rest': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
