/** Types of system-deps.mjs, for the TypeScript callers (the local runtime). */
export declare const CHROMIUM_PATH: string;
export declare const MIN_JAVA_MAJOR: number;
export declare const javaMajorVersion: () => number | null;
export declare const ensureSystemDeps: (options?: {
  needBrowser?: boolean;
  needJava?: boolean;
  log?: (line: string) => void;
}) => unknown;
