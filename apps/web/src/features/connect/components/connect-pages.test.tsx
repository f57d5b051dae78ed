import { connectLimits, messagesConnect as mc } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, client, fakeApi, parameterReply, renderApp } from '../../../test/render-app.tsx';

const event = (id: number, over: Record<string, unknown> = {}) => ({
  iCAE_Id: id,
  iCMP_Id: 1,
  sCmpTitle: 'Asia Metals Week',
  sEvtName: `Event ${id}`,
  speaker: [{ sName: 'Dana Whitlock', sTitle: 'Metals analyst', id: null }],
  dUTC_EvtDate: '2026-12-01T02:00:00Z',
  dLocale_EvtDate: '2026-12-01T10:00:00',
  sCity: 'Hong Kong',
  iEvtType_PikId: connectLimits.confirmedDateType,
  bRegistered: false,
  sTimeZone: 'Asia/Hong_Kong',
  iDurationMinutes: 60,
  sTopic: 'Copper.',
  sBannerUrl: null,
  sRegistrationStatus: 'none',
  ...over,
});

const analyst = (id: number, name: string, objectId: number) => ({
  iCAO_ObjId: objectId,
  sPFN_FullName: name,
  id,
  name,
  sJobCat: 'Analysts',
  sTimeZone: 'Europe/London',
  sectors: [],
});

const slot = (id: number, utc: string, over: Record<string, unknown> = {}) => ({
  iCAE_Id: id,
  iCAO_ObjId: 31,
  dCAE_LocaleStartDateTime: utc.replace('Z', ''),
  TimezoneValue: 'Europe/London',
  booked: false,
  notSubscribed: connectLimits.bitFalse,
  dUTC_StartDateTime: utc,
  iDurationMinutes: 30,
  ...over,
});

const parameters = (call: Call) => parameterReply(call, {});

// The lazy screen's first import is slow on a busy machine.
const slow = { timeout: 8000 };

afterEach(() => vi.useRealTimers());

describe('CONNECT registration', () => {
  it('groups events by campaign, disables registered ones and registers the checked ones after confirmation', async () => {
    let registered = false;
    const { calls } = fakeApi(client, (call) => {
      if (call.path === '/connect/events' && call.method === 'GET')
        return {
          body: {
            events: [
              event(1),
              event(2, { bRegistered: true, sRegistrationStatus: 'pending' }),
              event(3, {
                iCMP_Id: 2,
                sCmpTitle: 'Energy Transition',
                iEvtType_PikId: connectLimits.dateToBeConfirmedType,
                bRegistered: registered,
                sRegistrationStatus: registered ? 'pending' : 'none',
              }),
            ],
          },
        };
      if (call.path === '/connect/events' && call.method === 'POST') {
        registered = true;
        return { body: { success: true, message: mc.server.registered, registered: [3] } };
      }
      return parameters(call);
    });
    const user = userEvent.setup();
    renderApp('/connect/registration');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Asia Metals Week' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Energy Transition' })).toBeInTheDocument();
    expect(screen.getByText(mc.registration.dateToBeConfirmed)).toBeInTheDocument();
    const second = screen.getByRole('checkbox', { name: 'Event 2' });
    expect(second).toBeChecked();
    expect(second).toBeDisabled();
    expect(screen.getByText(mc.registration.pending)).toBeInTheDocument();

    // Nothing checked: Register does nothing.
    const register = screen.getByRole('button', { name: mc.registration.register });
    expect(register).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Event 3' }));
    await user.click(register);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(mc.registration.confirm(1));
    await user.click(within(dialog).getByRole('button', { name: mc.appointment.yes }));
    expect(await screen.findByText(mc.registration.done)).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ submitEvts: [3] });
    expect(post?.headers['x-csrf-token']).toBe('csrf-from-server');
    // The list is read again after the spec's delay: the new registration shows checked and disabled.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Event 3' })).toBeDisabled(), {
      timeout: connectLimits.registrationReloadMs + 2000,
    });
  });

  it("says 'No Upcoming Events' when there are none, and offers a retry after a failure", async () => {
    let fail = true;
    fakeApi(client, (call) => {
      if (call.path === '/connect/events') return fail ? { status: 500, body: {} } : { body: { events: [] } };
      return parameters(call);
    });
    const user = userEvent.setup();
    renderApp('/connect/registration');
    const retry = await screen.findByRole('button', { name: mc.registration.retry }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText(mc.registration.empty)).toBeInTheDocument();
  });

  it('the single event page: universal, local and reader times, and an unknown id says so', async () => {
    fakeApi(client, (call) => {
      if (call.path === '/connect/event/1') return { body: { event: event(1) } };
      if (call.path === '/connect/event/9')
        return { status: 404, body: { message: mc.server.eventNotFound } };
      return parameters(call);
    });
    renderApp('/connect/registration/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event 1' }, slow)).toBeInTheDocument();
    expect(
      screen.getAllByText(/Tue 1 Dec 2026, 02:00 \(Coordinated Universal Time\)/).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText(/Tue 1 Dec 2026, 10:00 \(Hong Kong Standard Time\)/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Event 1' })).toBeChecked();
    expect(screen.queryByRole('button', { name: mc.registration.replaceBanner })).toBeNull();
  });

  it('an unknown event id answers that the event does not exist, with a link to the list', async () => {
    fakeApi(client, (call) =>
      call.path === '/connect/event/9'
        ? { status: 404, body: { message: mc.server.eventNotFound } }
        : parameters(call),
    );
    renderApp('/connect/registration/9');
    expect(await screen.findByText(mc.registration.eventNotFound, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: mc.registration.backToEvents })).toHaveAttribute(
      'href',
      '/connect/registration',
    );
  });
});

describe('CONNECT appointments', () => {
  const analysts = [analyst(5, 'Zoe Young', 31), analyst(6, 'Adam Brook', 32)];

  it('chooses the analyst of the path, refuses a non-subscriber on the card and books with the CSRF header', async () => {
    let booked = false;
    const { calls } = fakeApi(client, (call) => {
      if (call.path === '/connect/analysts') return { body: { analysts } };
      if (call.path === '/connect/appointments/31')
        return {
          body: {
            analyst: analysts[0],
            events: [
              slot(101, '2026-12-01T14:30:00Z', { booked }),
              slot(102, '2026-12-02T14:30:00Z', { notSubscribed: connectLimits.bitTrue }),
            ],
          },
        };
      if (call.path.startsWith('/connect/book/')) {
        booked = true;
        return { body: { Status: 'success', ReasonText: mc.server.bookedOk } };
      }
      return parameters(call);
    });
    const user = userEvent.setup();
    renderApp('/connect/appointment/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'Zoe Young' }, slow)).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Zoe Young' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByText(/not currently subscribed/)).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: mc.appointment.book }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(mc.appointment.confirmBook);
    await user.click(within(dialog).getByRole('button', { name: mc.appointment.yes }));
    expect(await screen.findByText(mc.appointment.bookedDone)).toBeInTheDocument();
    const book = calls.find((call) => call.path.startsWith('/connect/book/'));
    expect(book?.path).toBe(`/connect/book/0/${client.iPSN_Id}/101/31`);
    // A state-changing GET: the client sends the CSRF header on it (the contract lists its pattern).
    expect(book?.headers['x-csrf-token']).toBe('csrf-from-server');
    // Reloaded: the slot is the reader's now.
    expect(await screen.findByText(mc.appointment.booked)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: mc.appointment.cancel })).toBeInTheDocument();
  });

  it("shows a refusal's ReasonText", async () => {
    fakeApi(client, (call) => {
      if (call.path === '/connect/analysts') return { body: { analysts } };
      if (call.path === '/connect/appointments/31')
        return { body: { analyst: analysts[0], events: [slot(101, '2026-12-01T14:30:00Z')] } };
      if (call.path.startsWith('/connect/book/'))
        return { status: 409, body: { Status: 'failure', ReasonText: mc.server.slotTaken } };
      return parameters(call);
    });
    const user = userEvent.setup();
    renderApp('/connect/appointment/5');
    await user.click(await screen.findByRole('button', { name: mc.appointment.book }, slow));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: mc.appointment.yes }),
    );
    expect(await screen.findByText(mc.server.slotTaken)).toBeInTheDocument();
  });

  it('asks to select an analyst without one, and pages by 8', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      slot(200 + i, `2026-12-${String(i + 1).padStart(2, '0')}T09:00:00Z`),
    );
    fakeApi(client, (call) => {
      if (call.path === '/connect/analysts') return { body: { analysts } };
      if (call.path === '/connect/appointments/32') return { body: { analyst: analysts[1], events: many } };
      return parameters(call);
    });
    const user = userEvent.setup();
    const app = renderApp('/connect/appointment');
    expect(
      await screen.findByRole('heading', { level: 2, name: mc.appointment.selectAnalyst }, slow),
    ).toBeInTheDocument();
    const select = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('input[aria-haspopup="listbox"]');
      if (!input || input.disabled) throw new Error('the analysts are not loaded yet');
      return input;
    });
    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Adam Brook', 'Zoe Young']);
    await user.click(options[0] as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/connect/appointment/6'));
    expect(await screen.findByText(mc.appointment.pageOf(1, 2))).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: mc.appointment.book })).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: mc.appointment.next }));
    expect(await screen.findByText(mc.appointment.pageOf(2, 2))).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: mc.appointment.book })).toHaveLength(2);
  });
});

describe('CONNECT open slots and meeting link', () => {
  it("shows Book for a free slot and Cancel for the reader's own", async () => {
    fakeApi(client, (call) => {
      if (call.path === `/connect/getOpenSlotDetails/${client.iPSN_Id}` && call.search === '?objectId=31')
        return {
          body: {
            analyst: analyst(5, 'Zoe Young', 31),
            slots: [
              {
                iCAE_Id: 1,
                iCAO_ObjId: 31,
                hide: 'AA==',
                date: '2026-12-01',
                time: '14:30',
                timezone: 'Europe/London',
                dUTC_StartDateTime: '2026-12-01T14:30:00Z',
                iDurationMinutes: 30,
                sAnalystName: 'Zoe Young',
                notSubscribed: 'AA==',
              },
              {
                iCAE_Id: 2,
                iCAO_ObjId: 31,
                hide: 'AQ==',
                date: '2026-12-02',
                time: '14:30',
                timezone: 'Europe/London',
                dUTC_StartDateTime: '2026-12-02T14:30:00Z',
                iDurationMinutes: 30,
                sAnalystName: 'Zoe Young',
                notSubscribed: 'AA==',
              },
            ],
          },
        };
      return parameters(call);
    });
    renderApp('/connect/slots/31');
    expect(
      await screen.findByRole('heading', { level: 1, name: mc.appointment.slotsTitle('Zoe Young') }, slow),
    ).toBeInTheDocument();
    // grouped by the reader's day (a heading each): the free slot's day offers Book, the reader's own Cancel
    const days = screen.getAllByRole('region', { name: /Dec 2026/ });
    expect(days).toHaveLength(2);
    expect(within(days[0] as HTMLElement).getByRole('button').textContent).toBe(mc.appointment.book);
    expect(within(days[1] as HTMLElement).getByRole('button').textContent).toBe(mc.appointment.cancel);
    expect(within(days[0] as HTMLElement).getByRole('heading', { level: 2 }).textContent).toMatch(/Dec 2026/);
  });

  it('says a meeting link is not valid', async () => {
    fakeApi(null, (call) =>
      call.path.startsWith('/connect/join/') ? { status: 404, body: { message: 'x' } } : parameters(call),
    );
    renderApp('/connect/join/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(await screen.findByText(mc.meeting.invalid, {}, slow)).toBeInTheDocument();
  });

  it('offers the room while it is open', async () => {
    const now = Date.now();
    fakeApi(null, (call) =>
      call.path.startsWith('/connect/join/')
        ? {
            body: {
              sEvtName: 'Copper call',
              sCmpTitle: 'Asia Metals Week',
              dUTC_EvtDate: new Date(now + 5 * 60_000).toISOString(),
              sTimeZone: 'Asia/Hong_Kong',
              iDurationMinutes: 60,
              iEvtType_PikId: connectLimits.confirmedDateType,
              sRegistrantName: 'Ada Byron Lovelace',
              dUTC_Opens: new Date(now - 10 * 60_000).toISOString(),
              dUTC_Closes: new Date(now + 60 * 60_000).toISOString(),
              sMeetingUrl: 'https://meet.example/room',
            },
          }
        : parameters(call),
    );
    renderApp('/connect/join/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(await screen.findByRole('link', { name: mc.meeting.join }, slow)).toHaveAttribute(
      'href',
      'https://meet.example/room',
    );
    expect(screen.getByText('Ada Byron Lovelace')).toBeInTheDocument();
    await act(async () => undefined);
  });
});
