// `npm install` / `npm ci` run this last (package.json "postinstall"), on the Node that
// package.json pins when npm installed it (node_modules/.bin comes first on the script's PATH).
//
// npm leaves out an optional dependency whose "engines" do not accept the Node that runs npm, even
// though the project runs on the pinned Node: with Node 18's npm, Vite 8's bundler
// (@rolldown/binding-linux-x64-gnu, engines "^20.19.0 || >=22.12.0") is left out and `vite build`
// fails with "Cannot find native binding". So when an optional package meant for this platform is
// missing, npm runs once more, on the pinned Node, and adds it (from the same lockfile, which it
// leaves as it is). Nothing happens on a Node that npm served fully, nor without the pinned Node.
//
// Plain old JavaScript, like check-node.cjs.
'use strict';
var fs = require('fs');
var path = require('path');
var spawnSync = require('child_process').spawnSync;

var root = path.join(__dirname, '..');
var pinned = require(path.join(root, 'package.json')).optionalDependencies.node;
var npmCli = process.env.npm_execpath;
var npmNode = (/\bnode\/v(\S+)/.exec(process.env.npm_config_user_agent || '') || [])[1];
var omitted = String(process.env.npm_config_omit || '').split(/[\s,]+/);

/** An os/cpu/libc list of package.json ("linux", ["x64"], ["!win32"]) accepts `value`. */
function accepts(list, value) {
  if (list === undefined) return true;
  var items = [].concat(list);
  if (items.indexOf('!' + value) >= 0) return false;
  var allowed = items.filter(function (item) {
    return item[0] !== '!';
  });
  return allowed.length === 0 || allowed.indexOf(value) >= 0;
}

/**
 * The packages of this platform (they name an os or a cpu) that the lockfile has, that are not
 * installed, and whose engines refuse the Node that ran npm: what npm left out for that reason.
 * `semver` is npm's own copy, the one npm decided with.
 */
function leftOut(semver) {
  var lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  var libc = process.report.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
  return Object.keys(lock.packages).filter(function (key) {
    var entry = lock.packages[key];
    var range = entry.engines && entry.engines.node;
    return (
      key.indexOf('node_modules/') === 0 &&
      entry.optional === true &&
      (entry.os !== undefined || entry.cpu !== undefined) &&
      accepts(entry.os, process.platform) &&
      accepts(entry.cpu, process.arch) &&
      (process.platform !== 'linux' || accepts(entry.libc, libc)) &&
      omitted.indexOf('optional') < 0 &&
      !(entry.dev && omitted.indexOf('dev') >= 0) &&
      typeof range === 'string' &&
      !semver.satisfies(npmNode, range) &&
      !fs.existsSync(path.join(root, key, 'package.json'))
    );
  });
}

function npmSemver() {
  try {
    return require(path.join(path.dirname(npmCli), '..', 'node_modules', 'semver'));
  } catch {
    return undefined; // an npm laid out otherwise: nothing is added
  }
}

var semver = npmCli && npmNode && process.versions.node === pinned ? npmSemver() : undefined;
var missing = semver ? leftOut(semver) : [];
if (missing.length > 0) {
  process.stdout.write(
    'signwall: npm on Node ' +
      npmNode +
      ' left out ' +
      missing
        .map(function (key) {
          return key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
        })
        .join(', ') +
      ' (their engines need a newer Node); adding them with npm on Node ' +
      pinned +
      '\n',
  );
  var run = spawnSync(
    process.execPath,
    [npmCli, 'install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: root, stdio: 'inherit' },
  );
  process.exit(run.status === null ? 1 : run.status);
}
