/**
 * Strava's complete SportType list (and the older ActivityType values, a subset of it) mapped onto
 * the product's activity types. A sport with no fitting type maps to null: the activity keeps its
 * own title (shown as Other with that title). Read `sport_type` first, then `type`.
 */
export const STRAVA_SPORT_TYPES: Record<string, string | null> = {
  AlpineSki: 'Skiing/Snowboarding',
  BackcountrySki: 'Skiing/Snowboarding',
  Badminton: null,
  Basketball: 'Team Sports',
  Canoeing: null,
  Cricket: 'Team Sports',
  Crossfit: 'Circuit Training',
  Dance: 'Dancing',
  EBikeRide: 'Cycling',
  Elliptical: 'Elliptical',
  EMountainBikeRide: 'Cycling',
  Golf: 'Golf',
  GravelRide: 'Cycling',
  Handcycle: 'Cycling',
  HighIntensityIntervalTraining: 'HIIT',
  Hike: 'Hiking',
  IceSkate: null,
  InlineSkate: 'Rollerblading',
  Kayaking: null,
  Kitesurf: null,
  MountainBikeRide: 'Cycling',
  NordicSki: 'Skiing/Snowboarding',
  Padel: 'Tennis',
  Pickleball: 'Tennis',
  Pilates: 'Pilates',
  Racquetball: null,
  Ride: 'Cycling',
  RockClimbing: 'Climbing',
  RollerSki: 'Skiing/Snowboarding',
  Rowing: null,
  Run: 'Running',
  Sail: null,
  Skateboard: null,
  Snowboard: 'Skiing/Snowboarding',
  Snowshoe: 'Hiking',
  Soccer: 'Team Sports',
  Squash: null,
  StairStepper: 'Elliptical',
  StandUpPaddling: null,
  Surfing: null,
  Swim: 'Swimming',
  TableTennis: null,
  Tennis: 'Tennis',
  TrailRun: 'Running',
  Velomobile: 'Cycling',
  VirtualRide: 'Spinning',
  VirtualRow: null,
  VirtualRun: 'Running',
  Volleyball: 'Team Sports',
  Walk: 'Walking',
  WeightTraining: 'Strength Training',
  Wheelchair: null,
  Windsurf: null,
  Workout: null,
  Yoga: 'Yoga',
};

/** Our type for a Strava record: `sport_type` when it is known, else `type`, else null (keep the title). */
export const stravaTypeOf = (sportType: unknown, type: unknown): string | null => {
  for (const value of [sportType, type]) {
    if (typeof value === 'string' && value in STRAVA_SPORT_TYPES) return STRAVA_SPORT_TYPES[value] ?? null;
  }
  return null;
};
