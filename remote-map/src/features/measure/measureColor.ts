// The colour a measurement is drawn in, and its swatch beside the palette's readout: violet, far from
// the selected parcel's orange-red, the hover's green and both outline colours, so a measured line or
// area is never taken for (or hidden by) the selection it is drawn over.
export const MEASURE_COLOR = '#7048e8';
