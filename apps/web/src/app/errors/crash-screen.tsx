import { Button } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MSG } from '@owo/contract/messages';
import { StatusScreen } from '../../components/page-states';
import { i18n } from '../../lib/i18n';
import { messageText } from '../../lib/messages';

/** 000 §2.12: the generic crash screen, text as the spec shows it ('occured', sic). */
export function CrashScreen() {
  return (
    <StatusScreen
      fullHeight
      title={messageText(MSG.crash)}
      text={i18n.t('errors:crash.text')}
      actions={
        <Button onClick={() => window.location.reload()}>{i18n.t('common:actions.refreshPage')}</Button>
      }
    />
  );
}

/** Catches render errors outside the router (the router's own errorElement covers routes). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }
  render() {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
