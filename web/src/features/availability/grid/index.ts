// Public surface of the weekly grid, shared by /student and the scheduling steps (and free for the
// planner to reuse for read-only rendering).
export { WeekGrid, type GridInteraction, type WeekGridProps } from './WeekGrid';
export { GridLegend, type GridLegendItem } from './GridLegend';
export { VisibleRangePicker, type VisibleRangePickerProps } from './VisibleRangePicker';
export * from './grid-model';
export * from './visible-range';
