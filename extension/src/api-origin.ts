/** The RankLayer API the extension talks to, fixed at build time (EXTENSION_API_ORIGIN, default https://ranklayer.com). */
export const API_ORIGIN: string = __API_ORIGIN__;
