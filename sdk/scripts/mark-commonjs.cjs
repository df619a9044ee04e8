// dist/cjs holds the CommonJS build: a package.json of its own tells Node.js and TypeScript that
// its .js and .d.ts files are CommonJS, while the package itself is an ES module ("type": "module").
require('node:fs').writeFileSync(require('node:path').join(__dirname, '..', 'dist', 'cjs', 'package.json'), '{ "type": "commonjs" }\n')
