import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListStates, type ListQueryState } from './list-states.tsx';

function renderStates(
  query: ListQueryState<readonly string[]>,
  { empty }: { empty?: string } = { empty: 'Nothing yet' },
) {
  return render(
    <ListStates query={query} loadingLabel="Loading fruit" errorText="Failed to load fruit." empty={empty}>
      {(fruit) => <p>{fruit.length === 0 ? 'an empty basket' : fruit.join(', ')}</p>}
    </ListStates>,
  );
}

describe('ListStates', () => {
  it('shows the error even while another folded query still loads', () => {
    renderStates({ isPending: true, isError: true, data: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load fruit.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the named spinner while loading', () => {
    renderStates({ isPending: true, isError: false, data: undefined });
    expect(screen.getByRole('status', { name: 'Loading fruit' })).toBeInTheDocument();
  });

  it('shows the empty state for an empty list, and the list otherwise', () => {
    const { unmount } = renderStates({ isPending: false, isError: false, data: [] });
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    unmount();
    renderStates({ isPending: false, isError: false, data: ['apple', 'pear'] });
    expect(screen.getByText('apple, pear')).toBeInTheDocument();
  });

  it('hands an empty list to the page when it has no empty state of its own', () => {
    renderStates({ isPending: false, isError: false, data: [] }, {});
    expect(screen.getByText('an empty basket')).toBeInTheDocument();
  });
});
