import { Component, type ReactNode } from "react";
import { ErrorPage } from "../pages/ErrorPage";

interface Props {
  children: ReactNode;
  /** The current pathname: when it changes the error screen clears, so navigating away recovers. */
  resetKey: string;
}

type State = { failed: false } | { failed: true; error: unknown };

/** Shows ErrorPage, with the error, in place of children that threw while rendering. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  componentDidUpdate(previousProps: Props, previousState: State) {
    // Only an error already on screen is cleared: when the navigation itself led to the
    // broken page, clearing in the same update would just render (and throw) it again.
    if (previousState.failed && previousProps.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
