import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/** Keeps a failed lazy section (a chunk that did not load) from taking the whole page down. */
export class SectionError extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (this.state.failed) return <Alert color="red">{this.props.message}</Alert>;
    return this.props.children;
  }
}
