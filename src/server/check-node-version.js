// Loaded with `node --import` before every server command (package.json, the systemd unit): plain JavaScript, so
// an older Node reads it and stops with one line instead of a stack trace about ".ts" (Node 24 strips the types).
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `acctstore needs Node 24; this is Node ${process.version} (${process.execPath}). Install Node 24 (docs/deploy.md §4).`,
  );
  process.exit(1);
}
