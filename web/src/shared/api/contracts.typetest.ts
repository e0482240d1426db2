// Compiled by the web typecheck, never run: proves that the contracts (packages/contracts) type the web's calls.
// Each @ts-expect-error is a deliberately wrong use that must not compile; the lines without it use fields the
// contract has, so removing or renaming such a field in the contract fails `tsc` of the web app right here.
import { classes, scheduling } from '@stundenplan/contracts';
import { call } from './client';

export async function contractTypeChecks(): Promise<void> {
  const answer = await call(scheduling.calculate, { body: { wiggleRoom: 3, selectedClass: 'c', timePreferences: {} } });
  const first = answer?.placements[0];
  const slots: [number, number] | undefined = first?.set_time_from_to;
  const status: 'OPTIMAL' | 'FEASIBLE' | undefined = answer?.status;
  // @ts-expect-error the answer has no field `plan` (a changed answer field breaks this side's build)
  void answer?.plan;
  // @ts-expect-error `day` is a number on the wire, not a day name
  const day: string | undefined = first?.day;
  // @ts-expect-error the wiggle room is a number or a digit string
  await call(scheduling.calculate, { body: { wiggleRoom: true, selectedClass: 'c' } });
  // @ts-expect-error the path parameter classId is missing
  await call(classes.listMembers, {});
  const members = await call(classes.listMembers, { params: { classId: 'c' } });
  const times: Record<string, string[]> | undefined = members?.members[0]?.available_times_user_input;
  void [slots, status, day, times];
}
