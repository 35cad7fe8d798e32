// Runs before `npm install`/`npm ci` and before every npm script that starts the project's
// TypeScript with Node's own type stripping (`npm start`, `serve`, `dev`, `moderate`), so a Node
// that is too old says so in one line instead of failing deep inside with
// ERR_UNKNOWN_FILE_EXTENSION ".ts". Plain old JavaScript on purpose: it must parse and run on any
// Node that is too old for everything else. The required version is package.json's "engines".
'use strict';
var path = require('path');

var wanted = require(path.join(__dirname, '..', 'package.json')).engines.node; // ">=22.18.0"
var need = /(\d+)\.(\d+)/.exec(wanted);
var have = process.versions.node.split('.').map(Number);
var major = Number(need[1]);
var minor = Number(need[2]);

if (have[0] < major || (have[0] === major && have[1] < minor)) {
  process.stderr.write(
    'signwall needs Node ' +
      major +
      '.' +
      minor +
      ' or newer (this is Node ' +
      process.versions.node +
      '): run `nvm install` here (it reads .nvmrc) or get Node ' +
      major +
      ' from https://nodejs.org\n',
  );
  process.exit(1);
}
