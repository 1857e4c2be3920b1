// `npm run build`'s last step: packs the production artifact, release/acctstore-<version>.tgz, holding only what
// the store needs at run time (server and shared TypeScript, migrations, ALL of dist/, the lockfile). On the
// server: unpack it, `npm ci --omit=dev`, `npm run start:prod` (docs/deploy.md). The Dockerfile does the same.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const name = `acctstore-${version}`;
const releaseDir = path.join(root, 'release');
const stage = path.join(releaseDir, name);

/** What the artifact holds; tests and test helpers stay behind (they import devDependencies). */
const INCLUDE = ['package.json', 'package-lock.json', '.npmrc', '.env.example', 'README.md', 'CHANGELOG.md', 'src/server', 'src/shared', 'drizzle', 'dist', 'deploy', 'docs'];
const isTestFile = (rel: string) => /\.test\.tsx?$/.test(rel) || rel.startsWith(path.join('src', 'server', 'test'));

if (!fs.existsSync(path.join(root, 'dist', 'client', 'index.html'))) {
  console.error('pack-release: dist/client/index.html is missing; run `npm run build` (it builds the web app first).');
  process.exit(1);
}
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });
for (const entry of INCLUDE) {
  const from = path.join(root, entry);
  if (!fs.existsSync(from)) continue;
  fs.cpSync(from, path.join(stage, entry), { recursive: true, filter: (src) => !isTestFile(path.relative(root, src)) });
}
// Which release this is, for the owner reading releases/<version>/RELEASE: the version and, from a git checkout, the
// commit (CHANGELOG.md says what changed; docs/deploy.md §9 installs releases side by side).
let commit = 'unknown (built outside a git checkout)';
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch {
  // the Docker build's context has no .git (.dockerignore)
}
fs.writeFileSync(path.join(stage, 'RELEASE'), `version ${version}\ncommit ${commit}\n`);
// The release enforces `engines` (Node 24): `npm ci` there stops on another Node instead of installing a store that
// cannot start. The checkout keeps engine-strict=false: its dev install runs on whatever Node the machine has and
// brings Node 24 itself (the `node` devDependency).
fs.writeFileSync(path.join(stage, '.npmrc'), 'engine-strict=true\n');
const tarball = path.join(releaseDir, `${name}.tgz`);
execFileSync('tar', ['-czf', tarball, '-C', releaseDir, name]);
fs.rmSync(stage, { recursive: true, force: true });
console.log(`artifact: ${path.relative(process.cwd(), tarball)} (${(fs.statSync(tarball).size / 1e6).toFixed(1)} MB)`);
