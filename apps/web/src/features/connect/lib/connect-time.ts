import { connectLimits } from '@portal/contract';
import { instantInZone, wallClock, zoneName } from '../../../lib/dates.ts';

/** Whether the event's date is still to be confirmed (spec 3 section 2: iEvtType_PikId 2118400009). */
export const isDateToBeConfirmed = (type: number) => type === connectLimits.dateToBeConfirmedType;

/** Spec 3 section 2: an appointment's date 'ddd Do MMM YYYY' and time 'hh:mm A'. */
export const appointmentDate = 'ddd Do MMM YYYY';
export const appointmentTime = 'hh:mm A';

/** A slot as the reader sees it (their zone) and as the analyst does (the slot's wall clock in TimezoneValue). */
export const slotTimes = (
  slot: { dUTC_StartDateTime: string; dCAE_LocaleStartDateTime: string; TimezoneValue: string },
  zone: string,
) => {
  const reader = instantInZone(slot.dUTC_StartDateTime, zone);
  const analyst = wallClock(slot.dCAE_LocaleStartDateTime);
  return {
    readerDate: reader.format(appointmentDate),
    readerTime: reader.format(appointmentTime),
    readerZone: zoneName(zone, new Date(slot.dUTC_StartDateTime)),
    /** 'YYYY-MM-DD' of the reader's calendar: what the date picker compares */
    readerDay: reader.format('YYYY-MM-DD'),
    analystDate: analyst.format(appointmentDate),
    analystTime: analyst.format(appointmentTime),
    analystZone: slot.TimezoneValue,
  };
};

/**
 * The page (1-based, pages of `perPage`) holding the first slot on `day` ('YYYY-MM-DD' of the reader's calendar),
 * or null when no slot falls on it (spec 3 section 2: the picker jumps there or says there are none).
 */
export const pageOfDay = (
  days: readonly string[],
  day: string,
  perPage: number = connectLimits.appointmentsPerPage,
) => {
  const index = days.indexOf(day);
  return index < 0 ? null : Math.floor(index / perPage) + 1;
};
