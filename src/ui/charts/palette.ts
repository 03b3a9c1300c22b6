/** One colour per series, in order, readable on white and apart for colour-blind eyes. */
export const PALETTE = ['#0b7a75', '#b3541e', '#1d64d8', '#8a5a00', '#7b3fa0'] as const

/** The colour of the series at `index` (the palette starts over past its end). */
export const seriesColor = (index: number): string => PALETTE[index % PALETTE.length] as string
