// Why a scenario cannot be shown: every validation issue with its JSON path, or a single message.
import type { ScenarioIssue } from '../scenario';

export interface ScenarioIssuesProps {
  title: string;
  issues?: readonly ScenarioIssue[];
  message?: string;
}

export function ScenarioIssues({ title, issues = [], message }: ScenarioIssuesProps) {
  return (
    <div className="st-problem" role="alert" data-testid="scenario-problem">
      <h1>{title}</h1>
      {message && <p>{message}</p>}
      {issues.length > 0 && (
        <ol className="st-issues" data-testid="scenario-issues">
          {issues.map((i, n) => (
            <li key={n}>
              <code>{i.file}</code> <code className="st-path">{i.path}</code> {i.message}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
