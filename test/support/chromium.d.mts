/** Types of chromium.mjs, which the install step runs on plain Node. */
export declare const CHROMIUM_FOLDER: string;
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: readonly string[];
export declare function unpackChromium(node: string): void;
