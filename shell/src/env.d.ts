/** Build-time values and bundler features the shell's sources use (Rspack). */

interface RspackLazyContext {
  keys(): string[];
  (id: string): Promise<unknown>;
}

interface ImportMeta {
  webpackContext(
    request: string,
    options: { recursive?: boolean; regExp?: RegExp; mode?: 'sync' | 'lazy' | 'eager' | 'weak' | 'lazy-once' },
  ): RspackLazyContext;
}
