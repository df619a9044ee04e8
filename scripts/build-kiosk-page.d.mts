/** Types of build-kiosk-page.mjs, for the tests that import it. */
export declare const KIOSK_PAGE_DIR: string
export declare function buildKioskPage(outDir?: string): Promise<string>
