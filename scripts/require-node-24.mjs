// Plain JavaScript so that it runs on any Node: a clear message instead of a syntax error on old ones.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `casa-portal: Node.js 24 or newer is needed (this is ${process.version}). Install it with\n` +
      `  npm install -g --prefix ~/.node24 node@24 && export PATH=~/.node24/bin:$PATH\n` +
      `then run the command again (see README.md).`,
  );
  process.exit(1);
}
