// One query-key factory for every server resource the web app reads. Keys nest under the class they belong to,
// so invalidating ['classes', id] reaches everything of that class. Every feature uses these keys: a resource
// cached under two keys would show stale data on one page after an edit on another.
export const queryKeys = {
  /** GET me/classes: the teacher's classes. */
  myClasses: ['me', 'classes'] as const,
  /** Everything cached for one class. */
  class: (classId: string) => ['classes', classId] as const,
  /** GET classes/{id}/members (with both time sources). */
  members: (classId: string) => ['classes', classId, 'members'] as const,
  /** GET classes/{id}/schedules. */
  schedules: (classId: string) => ['classes', classId, 'schedules'] as const,
  /** GET classes/{id}/available-times: the teacher's times of the class. */
  teacherTimes: (classId: string) => ['classes', classId, 'teacher-times'] as const,
  /** GET classes/{id}/time-range. */
  timeRange: (classId: string) => ['classes', classId, 'time-range'] as const,
  /** GET classes/{id}/semester (with the public holidays of its state). */
  semester: (classId: string) => ['classes', classId, 'semester'] as const,
  /** GET profile. */
  profile: ['profile'] as const,
  /** GET me/available-times: the student's own times. */
  ownTimes: ['me', 'available-times'] as const,
  /** The time ranges of the student's teachers. */
  teachersTimeRanges: ['me', 'teachers-time-ranges'] as const,
  /** The calendar subscription of the profile page. */
  calendarSubscription: ['me', 'calendar-subscription'] as const,
  /** GET schools/mine: the schools the user administers or teaches at. */
  mySchools: ['me', 'schools'] as const,
  /** Everything cached for one school (sites, rooms, travel, equipment). */
  school: (schoolId: string) => ['schools', schoolId] as const,
  /** One list of a school: 'sites', 'rooms', 'travel', 'equipment' or 'admins'. */
  schoolPart: (schoolId: string, part: 'sites' | 'rooms' | 'travel' | 'equipment' | 'admins') => ['schools', schoolId, part] as const,
  /** GET schools/{id}/room-bookings of one site and day ('' for all). */
  roomBookings: (schoolId: string, siteId: string, day: string) => ['schools', schoolId, 'room-bookings', siteId, day] as const,
  /** GET classes/{id}/school: where the class teaches. */
  classSchool: (classId: string) => ['classes', classId, 'school'] as const,
  /** GET classes/{id}/room-options of one lesson (member, day, start slot label, week). */
  roomOptions: (classId: string, memberId: string, day: number, start: string, week: string) =>
    ['classes', classId, 'room-options', memberId, day, start, week] as const,
};
