// Plain JavaScript so that it runs on any Node: a clear message instead of a syntax error on old ones.
// `npm install` puts Node 24 into node_modules (the "node" dev dependency) and npm runs every script
// with node_modules/.bin first on PATH; landing here on an older Node means that install is missing.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `casa-portal: Node.js 24 or newer is needed, but this script runs on ${process.version}.\n` +
      `  \`npm install\` installs Node 24 into node_modules/.bin (the "node" dev dependency), which npm scripts use.\n` +
      `  Run \`npm install\` again and check that node_modules/.bin/node exists and prints v24 (\`npm exec -- node --version\`).`,
  );
  process.exit(1);
}
