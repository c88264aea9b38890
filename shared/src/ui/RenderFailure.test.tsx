import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from './RenderFailure.tsx';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>rendered</p>;
}

describe('ErrorBoundary', () => {
  it('contains a component that throws while rendering and renders it again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <p>sibling</p>
        <ErrorBoundary name="fragile">
          <Fragile />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('alert')).toHaveTextContent('The component failed to render');
    expect(screen.getByText('sibling')).toBeInTheDocument();

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('rendered')).toBeInTheDocument();
  });
});
