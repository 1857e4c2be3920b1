// The last check of `npm test`: no configured secret appears in any log the run wrote. Every test app and
// every server the tests start (integration and end-to-end) logs into .tmp/test-logs/ and notes there the
// secrets it was configured with (secrets-*.jsonl, see src/server/test/log-capture.ts); this reads them all
// and looks for each value in every *.log file. Exits 1 on a leak, or when there is nothing to check.
import fs from 'node:fs';
import path from 'node:path';

export const LOG_DIR = path.resolve(import.meta.dirname, '../.tmp/test-logs');

type Secret = { name: string; value: string };
export type LogScan = {
  files: number;
  bytes: number;
  secrets: number;
  leaks: { file: string; name: string }[];
};

export function scanLogsForSecrets(dir: string): LogScan {
  const entries = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const secrets = new Map<string, Secret>();
  for (const file of entries.filter((f) => f.startsWith('secrets-') && f.endsWith('.jsonl'))) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const secret = JSON.parse(line) as Secret;
      secrets.set(secret.value, secret);
    }
  }
  const scan: LogScan = { files: 0, bytes: 0, secrets: secrets.size, leaks: [] };
  for (const file of entries.filter((f) => f.endsWith('.log'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    scan.files++;
    scan.bytes += Buffer.byteLength(text);
    for (const { name, value } of secrets.values())
      if (text.includes(value)) scan.leaks.push({ file, name });
  }
  return scan;
}

if (import.meta.main) {
  const scan = scanLogsForSecrets(LOG_DIR);
  const size = `${scan.files} log file(s), ${(scan.bytes / 1e6).toFixed(1)} MB`;
  if (scan.files === 0 || scan.secrets === 0) {
    console.log(
      `✘ secrets in logs: nothing to check in ${path.relative(process.cwd(), LOG_DIR)} (${size}, ${scan.secrets} secret(s) noted)`,
    );
    process.exitCode = 1;
  } else if (scan.leaks.length > 0) {
    for (const leak of scan.leaks) console.log(`✘ ${leak.name} appears in ${leak.file}`);
    process.exitCode = 1;
  } else {
    console.log(
      `✔ secrets in logs: none of ${scan.secrets} configured secret values appears in ${size}`,
    );
  }
}
