#!/usr/bin/env node
// Keeps the better-sqlite3 binary `npm ci` just compiled in npm's own cache of prebuilt binaries
// (~/.npm/_prebuilds), under the name prebuild-install looks for before it tries to download one.
// No prebuilt binary can be downloaded on a machine without internet access, so every `npm ci`
// compiles the addon from source (about two minutes on two cores); with this, the next `npm ci` on
// the same machine and Node.js version takes the binary from the cache, as it would a download.
// The cache is keyed by the package version and Node's ABI, so an upgrade of either compiles again.
'use strict'
const { execFileSync } = require('node:child_process')
const { existsSync, mkdirSync } = require('node:fs')
const { dirname, join } = require('node:path')
const util = require('prebuild-install/util')

const root = dirname(require.resolve('better-sqlite3/package.json'))
const pkg = require('better-sqlite3/package.json')
const binary = join(root, 'build', 'Release', 'better_sqlite3.node')
if (process.platform !== 'linux' || !existsSync(binary)) process.exit(0)
// The options prebuild-install itself reads (its defaults, npm's environment), so the name matches.
const options = require('prebuild-install/rc')(pkg)
const url = util.getDownloadUrl({ ...options, pkg })
const cached = util.cachedPrebuild(url)
if (existsSync(cached)) process.exit(0)
mkdirSync(dirname(cached), { recursive: true })
const partial = `${cached}.${process.pid}.tmp`
execFileSync('tar', ['-czf', partial, '-C', root, 'build/Release/better_sqlite3.node'])
execFileSync('mv', [partial, cached])
console.log(`Kept the compiled better-sqlite3 for the next npm ci: ${cached}`)
