import { Component, type ReactNode } from 'react';

interface LoadBoundaryProps {
  children: ReactNode;
  /** Shown instead when the code could not be loaded; nothing by default. */
  fallback?: ReactNode;
}

/**
 * Around lazily loaded extras (dialogs): if their code cannot be fetched, e.g. offline, they are
 * left out instead of taking the whole planner down with them.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn('A part of the page could not be loaded:', error);
  }

  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
