// What the beat's highlight is drawn under now, for the test probe: apart from HighlightRings so the
// probe needs no canvas code.

/** Figure and unit ids the highlight is drawn under now (HighlightRings writes them). */
export const highlightProbe = { figures: [] as string[], units: [] as string[] };
