// A problem a check finds in a scenario: where (JSON path keys) and what was expected there.
export interface RawIssue {
  path: Array<string | number>;
  message: string;
}
