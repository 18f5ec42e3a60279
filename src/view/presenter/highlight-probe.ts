// What the beat's highlight is drawn under now, for the test probe: apart from HighlightRings so the
// probe needs no canvas code.

/** Figure and unit ids the highlight is drawn under now, and each figure's stand (table cm; HighlightRings writes them). */
export const highlightProbe = { figures: [] as string[], units: [] as string[], stands: [] as Array<[number, number, number]> };
