import { type Analyst, analystPhotoMessages, messagesSite } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../../lib/api-client.ts';
import { admin, fakeApi, labelled, renderWithProviders } from '../../../test/render-app.tsx';
import { TeamPage } from './team-page.tsx';

const m = messagesSite.team.profile;

const person: Analyst = {
  id: 7,
  name: 'Mei Chan',
  designation: 'Analyst',
  email: 'mei@example.org',
  phone: '+852 5550 0101',
  country: 'Hong Kong',
  description: '<p>Covers semiconductors.</p>',
  image_path: null,
  sJobCat: 'Analysts',
  sJobId: '',
  sectors: [],
  order: 0,
  is_our_people: true,
};

/** A PNG's signature and IHDR header, enough for the client's check (the server decodes the real thing). */
const pngHeader = (width: number, height: number) => {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
};
describe('Team Management: the profile modal', () => {
  beforeEach(() => {
    // jsdom has no object URLs (the preview gets a stand-in address) and decodes no picture: the stand-in decoder
    // reads a PNG's size from its header and refuses anything else, as a browser would.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
      const view = new DataView(await blob.arrayBuffer());
      if (view.byteLength < 24 || view.getUint32(12) !== 0x49484452) throw new Error('not decodable');
      return { width: view.getUint32(16), height: view.getUint32(20), close: () => {} };
    });
  });

  const open = async () => {
    const user = userEvent.setup({ applyAccept: false });
    let answer: { status?: number; body: unknown } = { body: {} };
    const api = fakeApi(admin, (call) => {
      if (call.method === 'GET' && call.path === '/analysts') return { body: { data: [person] } };
      if (call.method === 'POST' && call.path === '/analysts/updateAnalyst') return answer;
      return undefined;
    });
    resetCsrfToken();
    // The screen alone, in a data router (its leave guard blocks navigations).
    renderWithProviders(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <TeamPage /> }])} />,
    );
    await user.click(await screen.findByRole('button', { name: m.edit(person.name) }));
    const dialog = await screen.findByRole('dialog', { name: m.title(person.name) });
    /** The last form sent to the server. */
    const formOf = () =>
      api.fetchMock.mock.calls.map(([, init]) => init?.body).findLast((body) => body instanceof FormData) as
        | FormData
        | undefined;
    return {
      user,
      dialog,
      api,
      formOf,
      reply: (next: { status?: number; body: unknown }) => {
        answer = next;
      },
    };
  };

  it('keeps the name characters in the name and the phone characters in the phone as they are typed', async () => {
    const { user, dialog } = await open();
    const name = within(dialog).getByRole('textbox', { name: labelled(m.name) });
    await user.clear(name);
    await user.type(name, "Zoë 2 O'Neill-Nakamura!");
    expect(name).toHaveValue("Zoë  O'Neill-Nakamura");
    const phone = within(dialog).getByRole('textbox', { name: labelled(m.phone) });
    await user.clear(phone);
    await user.type(phone, '+852 (2) 555-0101 ext. 9');
    expect(phone).toHaveValue('+852 (2) 555-0101  9');
  });

  it('checks the photo before sending it, with the spec messages, and previews a good one', async () => {
    const { user, dialog } = await open();
    const input = within(dialog).getByLabelText(m.photo);
    await user.upload(input, new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByText(analystPhotoMessages.wrongType)).toBeVisible();
    await user.upload(input, new File([pngHeader(253, 100)], 'photo.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(analystPhotoMessages.wrongSize)).toBeVisible();
    // a script named as a PNG: its bytes decide
    await user.upload(input, new File(['<script>x()</script>'], 'photo.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(analystPhotoMessages.wrongType)).toBeVisible();
    await user.upload(input, new File([pngHeader(253, 205)], 'photo.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: m.photoChosen })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(within(dialog).queryByText(analystPhotoMessages.wrongSize)).toBeNull();
  });

  it("refuses a bad e-mail on the field, keeps the form through the server's refusal, and closes on success", async () => {
    const { user, dialog, formOf, reply } = await open();
    const email = within(dialog).getByRole('textbox', { name: labelled(m.email) });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: m.save }));
    expect(await within(dialog).findByText(m.emailInvalid)).toBeVisible();
    expect(formOf()).toBeUndefined();

    await user.clear(email);
    await user.type(email, 'mei.chan@example.org');
    // The server's refusal of a field shows at that field, once, and focuses it.
    reply({ status: 400, body: { success: false, message: m.nameLetters, errors: { name: m.nameLetters } } });
    await user.click(within(dialog).getByRole('button', { name: m.save }));
    expect(await within(dialog).findByText(m.nameLetters)).toBeVisible();
    expect(within(dialog).getAllByText(m.nameLetters)).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: labelled(m.name) })).toHaveFocus();
    const photo = new File([pngHeader(253, 205)], 'photo.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText(m.photo), photo);
    await within(dialog).findByRole('img', { name: m.photoChosen });
    reply({
      status: 400,
      body: {
        success: false,
        message: analystPhotoMessages.unreadable,
        errors: { file: analystPhotoMessages.unreadable },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: m.save }));
    expect(await within(dialog).findAllByText(analystPhotoMessages.unreadable)).toHaveLength(1);
    const sent = formOf();
    expect(sent?.get('email')).toBe('mei.chan@example.org');
    expect(sent?.get('name')).toBe('Mei Chan');
    expect(sent?.get('description')).toBe('<p>Covers semiconductors.</p>');
    expect((sent?.get('file') as File | null)?.name).toBe('photo.png');
    // the form is kept
    expect(email).toHaveValue('mei.chan@example.org');

    // Closing with unsaved changes asks first; keeping on editing keeps everything.
    await user.click(within(dialog).getByRole('button', { name: m.cancel }));
    expect(await screen.findByText(m.unsaved)).toBeVisible();
    await user.click(screen.getByRole('button', { name: m.keep }));
    await waitFor(() => expect(screen.queryByText(m.unsaved)).toBeNull());
    expect(email).toHaveValue('mei.chan@example.org');

    // A good photo again, and the server takes it: the modal closes with a toast.
    await user.upload(within(dialog).getByLabelText(m.photo), photo);
    reply({
      body: {
        success: true,
        data: { ...person, email: 'mei.chan@example.org', image_path: 'analysts/analyst-7-0a.png' },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.saved(person.name))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.title(person.name) })).toBeNull());
  });
});
