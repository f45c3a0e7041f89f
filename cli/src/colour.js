/** ANSI styles, used only when stdout is a terminal and NO_COLOR is unset (https://no-color.org). */

/** @typedef {(text: string) => string} Style */
/** @typedef {{ bold: Style, dim: Style, cyan: Style, green: Style, yellow: Style, magenta: Style }} Palette */

/**
 * @param {{ isTTY?: boolean }} stream
 * @param {Record<string, string | undefined>} env
 */
export function useColour(stream, env) {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return Boolean(stream.isTTY) && !noColor && env.TERM !== 'dumb';
}

/**
 * @param {boolean} enabled
 * @returns {Palette}
 */
export function palette(enabled) {
  /**
   * @param {number} open
   * @param {number} close
   * @returns {Style}
   */
  const style = (open, close) =>
    enabled ? (text) => (text === '' ? text : `\u001b[${open}m${text}\u001b[${close}m`) : (text) => text;
  return {
    bold: style(1, 22),
    dim: style(2, 22),
    cyan: style(36, 39),
    green: style(32, 39),
    yellow: style(33, 39),
    magenta: style(35, 39),
  };
}
