/**
 * What the tests need that npm cannot install: redis-server, the real Redis the shared rate-limit
 * store is tested against. Where the set-up may install it (root with apt-get, as CI is) it does;
 * elsewhere it stops the run before anything else with one line naming the command to run.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Each part: the command the tests run, and the Debian package and Homebrew formula that provide it. */
const PARTS = [{ command: 'redis-server', debian: 'redis-server', brew: 'redis' }];

/** Whether `command` is an executable file in one of PATH's folders. */
function onPath(command, path = process.env.PATH ?? '') {
  return path
    .split(delimiter)
    .filter(Boolean)
    .some((folder) => {
      try {
        accessSync(join(folder, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** The one line that says what to run, for parts this process may not install. */
function missingPartsLine(parts) {
  const debian = parts.map((part) => part.debian).join(' ');
  const brew = parts.map((part) => part.brew).join(' ');
  const commands = parts.map((part) => part.command).join(', ');
  return `folio: the tests need ${commands}, which npm cannot install: run \`sudo apt-get install -y ${debian}\` (Debian, Ubuntu) or \`brew install ${brew}\` (macOS), then npm test again`;
}

function installWithApt(parts) {
  const quiet = {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  };
  console.error(`folio: installing ${parts.map((part) => part.debian).join(', ')} with apt-get`);
  execFileSync('apt-get', ['update', '-qq'], quiet);
  execFileSync('apt-get', ['install', '-y', '-qq', ...parts.map((part) => part.debian)], quiet);
}

/** Installs the missing parts where it may, or exits with the line that says how. */
export function ensureSystemParts() {
  const missing = PARTS.filter((part) => !onPath(part.command));
  if (missing.length === 0) return;
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    try {
      installWithApt(missing);
      return;
    } catch {
      // apt-get said why on stderr; the line below says what to run once that is mended.
    }
  }
  console.error(missingPartsLine(missing));
  process.exit(1);
}
