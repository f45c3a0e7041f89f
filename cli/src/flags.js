/**
 * Splits the command line into flags and positional arguments. Node's util.parseArgs would do, but
 * it arrived in Node 18.3 and folio runs on Node 18.0. Accepts `--name value`, `--name=value`,
 * `-x` and grouped short flags (`-hv`); `--` ends the flags.
 */
import { UsageError } from './errors.js';

/** @typedef {{ type: 'boolean', short?: string } | { type: 'string' }} FlagSpec */
/** @typedef {{ values: Record<string, string | boolean | undefined>, positionals: string[] }} SplitArgs */

const FLAGS_HINT = 'Flags: --json, --lang CODE, --limit N, --base-url URL, --timeout S, --help, --version.';

/**
 * @param {string[]} argv
 * @param {Record<string, FlagSpec>} specs
 * @returns {SplitArgs}
 */
export function splitFlags(argv, specs) {
  /** @type {SplitArgs} */
  const result = { values: {}, positionals: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = /** @type {string} */ (argv[i]);
    if (arg === '--') {
      result.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) i += longFlag(arg, argv[i + 1], specs, result.values);
    else if (arg.startsWith('-') && arg !== '-') shortFlags(arg, specs, result.values);
    else result.positionals.push(arg);
  }
  return result;
}

/**
 * Reads one `--name` or `--name=value` into `values`.
 * @param {string} arg
 * @param {string | undefined} next The argument after it, the value of a string flag.
 * @param {Record<string, FlagSpec>} specs
 * @param {SplitArgs['values']} values
 * @returns {number} How many of the following arguments it used (0 or 1).
 */
function longFlag(arg, next, specs, values) {
  const equals = arg.indexOf('=');
  const name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
  const inline = equals === -1 ? undefined : arg.slice(equals + 1);
  const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
  const flag = `--${name}`;
  if (!spec) throw new UsageError(`unknown flag '${flag}'`, FLAGS_HINT);
  if (spec.type === 'boolean') {
    if (inline !== undefined) throw new UsageError(`flag '${flag}' takes no value`);
    values[name] = true;
    return 0;
  }
  if (inline !== undefined) {
    values[name] = inline;
    return 0;
  }
  if (next === undefined || next.startsWith('-')) {
    throw new UsageError(`flag '${flag}' needs a value`, `Write it as ${flag} <value> or ${flag}=<value>.`);
  }
  values[name] = next;
  return 1;
}

/**
 * Reads `-h`, `-v` or a group of them such as `-hv` into `values`.
 * @param {string} arg
 * @param {Record<string, FlagSpec>} specs
 * @param {SplitArgs['values']} values
 */
function shortFlags(arg, specs, values) {
  for (const letter of arg.slice(1)) {
    const name = Object.keys(specs).find((key) => {
      const spec = specs[key];
      return spec?.type === 'boolean' && spec.short === letter;
    });
    if (name === undefined) throw new UsageError(`unknown flag '-${letter}'`, FLAGS_HINT);
    values[name] = true;
  }
}
