import type { KeyChart as Chart } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { KeyChart } from './key-chart.tsx';

const chart = (labels: string[]): Chart => ({
  id: 1,
  category: 'Global IP',
  title: 'Global industrial production',
  unit: '% YoY',
  labels,
  series: [
    { name: 'World', values: labels.map((_, i) => i - 1.25) },
    { name: 'Asia ex-Japan', values: labels.map((_, i) => i * 10.04) },
  ],
  source: 'National statistics, Harbourline',
});

describe('KeyChart', () => {
  it('is one named and described image, with every value in its data table', async () => {
    const { container } = renderWithProviders(<KeyChart chart={chart(['1Q24', '2Q24', '3Q24'])} />);
    const plot = screen.getByRole('img', { name: 'Global industrial production' });
    expect(plot).toHaveAccessibleDescription(
      'Bar chart of World, Asia ex-Japan by 3 periods, in % YoY. The data table below lists every value.',
    );
    // the plot's chunk (@mantine/charts) comes in the box kept for it
    await waitFor(() => expect(container.querySelector('.mantine-BarChart-root')).not.toBeNull());
    expect(plot).toContainElement(container.querySelector('.mantine-BarChart-root') as HTMLElement);
    expect(plot).toHaveStyle({ height: '260px' });

    await userEvent.click(screen.getByText('Show data table'));
    const table = screen.getByRole('table', { name: 'Global industrial production (% YoY)' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([[], ['-1.25', '0'], ['-0.25', '10'], ['0.75', '20.1']]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Period', 'World', 'Asia ex-Japan']);
    expect(screen.getByText('Source: National statistics, Harbourline')).toBeInTheDocument();
  });

  it('draws a long series as a line chart', async () => {
    const { container } = renderWithProviders(
      <KeyChart chart={chart(Array.from({ length: 12 }, (_, i) => `M${i + 1}`))} />,
    );
    expect(screen.getByRole('img', { name: 'Global industrial production' })).toHaveAccessibleDescription(
      /^Line chart of World, Asia ex-Japan by 12 periods/,
    );
    await waitFor(() => expect(container.querySelector('.mantine-LineChart-root')).not.toBeNull());
  });
});
