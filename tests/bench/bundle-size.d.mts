export declare const JS_BUDGET_BYTES: number;
export interface SizedFile {
  href: string;
  via: string;
  raw: number;
  gzip: number;
}
export declare function firstPaintFiles(distDir: string): {
  js: SizedFile[];
  css: SizedFile[];
  jsGzip: number;
  jsRaw: number;
  cssGzip: number;
  cssRaw: number;
};
