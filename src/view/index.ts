// View layer: the R3F scene of the table. Renders state; decides no rule, height or line of sight.
export { TableView } from './TableView';
export type { TableViewProps } from './TableView';
export type { Quality, TableModel } from './table-model';
export { tableToWorld } from './TableSpace';
