import { subscriptionMessages } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { client, fakeApi, renderApp } from '../../test/render-app.tsx';

describe('/settings', () => {
  it('leads to the subscription preferences, whose Back and Save return here', async () => {
    fakeApi(client);
    renderApp('/settings');
    expect(
      await screen.findByRole('link', { name: subscriptionMessages.preferences.titleFallback }),
    ).toHaveAttribute('href', '/subscriptionPreference/settings');
  });
});
