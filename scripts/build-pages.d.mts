/** Types of build-pages.mjs, for the tests that import it. */
export declare const KIOSK_PAGE_DIR: string
export declare const APP_PAGE_DIR: string
export declare function buildKioskPage(outDir?: string): Promise<string>
export declare function buildAppPage(outDir?: string): Promise<string>
