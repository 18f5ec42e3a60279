// A quiet loading indicator over the backdrop while the scenario and battlefield are prepared.
export interface LoadingPanelProps {
  message: string;
}

export function LoadingPanel({ message }: LoadingPanelProps) {
  return (
    <div className="st-loading" role="status" aria-live="polite" data-testid="loading">
      <div className="st-spinner" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
