export declare const CHROMIUM_PATH: string;
export declare const QUIET_CHROMIUM_FLAGS: string[];
