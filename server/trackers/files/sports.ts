import { cleanTitle } from '../providers/provider-request';

/**
 * The sports of workout files mapped onto the product's activity types (src/api/contract/activity.ts),
 * as Strava's and Polar's are. A sport with no fitting type keeps its own name, humanised, as the
 * title (shown as Other with that title). `null` from a mapping: not a workout at all (a drive, a
 * multisport transition), listed in the preview and never imported.
 */
export const NOT_A_WORKOUT = null;

/** 'crossCountrySkiing' or 'CROSS_COUNTRY_SKIING' or 'HKWorkoutActivityTypeCrossCountrySkiing' -> 'Cross country skiing'. */
export const humanised = (sport: string) => {
  const words = sport
    .replace(/^HKWorkoutActivityType/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return cleanTitle(words ? words.charAt(0).toUpperCase() + words.slice(1) : null) ?? 'Other';
};

/** FIT `sport` (Garmin's FIT profile, as the SDK names them). */
const FIT_SPORTS: Record<string, string | null> = {
  generic: 'Other',
  running: 'Running',
  cycling: 'Cycling',
  eBiking: 'Cycling',
  walking: 'Walking',
  hiking: 'Hiking',
  mountaineering: 'Hiking',
  snowshoeing: 'Hiking',
  swimming: 'Swimming',
  basketball: 'Team Sports',
  soccer: 'Team Sports',
  americanFootball: 'Team Sports',
  baseball: 'Team Sports',
  teamSport: 'Team Sports',
  cricket: 'Team Sports',
  rugby: 'Team Sports',
  hockey: 'Team Sports',
  lacrosse: 'Team Sports',
  volleyball: 'Team Sports',
  tennis: 'Tennis',
  golf: 'Golf',
  discGolf: 'Golf',
  alpineSkiing: 'Skiing/Snowboarding',
  crossCountrySkiing: 'Skiing/Snowboarding',
  snowboarding: 'Skiing/Snowboarding',
  inlineSkating: 'Rollerblading',
  rockClimbing: 'Climbing',
  boxing: 'Boxing',
  mixedMartialArts: 'Martial Arts',
  dance: 'Dancing',
  hiit: 'HIIT',
  // Not workouts: the minutes of a car, a plane, a game or a triathlon's changeover.
  transition: NOT_A_WORKOUT,
  driving: NOT_A_WORKOUT,
  motorcycling: NOT_A_WORKOUT,
  flying: NOT_A_WORKOUT,
  snowmobiling: NOT_A_WORKOUT,
  motorSports: NOT_A_WORKOUT,
  videoGaming: NOT_A_WORKOUT,
};

/** FIT `subSport` where it says more than the sport (indoor cycling, the gym's machines and classes). */
const FIT_SUB_SPORTS: Record<string, string> = {
  indoorCycling: 'Spinning',
  spin: 'Spinning',
  elliptical: 'Elliptical',
  stairClimbing: 'Elliptical',
  strengthTraining: 'Strength Training',
  cardioTraining: 'Circuit Training',
  hiit: 'HIIT',
  yoga: 'Yoga',
  pilates: 'Pilates',
  pickleball: 'Tennis',
  padel: 'Tennis',
  indoorClimbing: 'Climbing',
  bouldering: 'Climbing',
  bikeToRunTransition: 'transition',
  runToBikeTransition: 'transition',
  swimToBikeTransition: 'transition',
};

/** Our name for a FIT session: its sub-sport where that is one of our types, else its sport, else its own sport name. */
export const fitTypeOf = (sport: unknown, subSport: unknown, profileName: unknown): string | null => {
  // A virtual ride is indoor cycling; a virtual run is still a run.
  const sub = subSport === 'virtualActivity' ? (sport === 'cycling' ? 'Spinning' : undefined) : typeof subSport === 'string' ? FIT_SUB_SPORTS[subSport] : undefined;
  if (sub === 'transition') return NOT_A_WORKOUT;
  if (sub) return sub;
  if (typeof sport === 'string' && sport in FIT_SPORTS) {
    const mapped = FIT_SPORTS[sport]!;
    // The device's own profile name ('Bootcamp') says more than 'generic'.
    return mapped === 'Other' ? (cleanTitle(profileName) ?? mapped) : mapped;
  }
  if (typeof sport === 'string' && sport !== 'all') return humanised(sport);
  return cleanTitle(profileName) ?? 'Other';
};

/** TCX `Activity/@Sport`: the schema knows Running, Biking and Other. */
export const tcxTypeOf = (sport: unknown): string => {
  if (sport === 'Running') return 'Running';
  if (sport === 'Biking') return 'Cycling';
  return 'Other';
};

/** GPX `trk/type` is free text: the words apps write (Garmin Connect, Strava, Komoot), else the track's name. */
const GPX_WORDS: [RegExp, string][] = [
  [/^(run|running|trail[ _]?running|treadmill[ _]?running|street[ _]?running|track[ _]?running)$/, 'Running'],
  [/^(ride|cycling|biking|road[ _]?biking|mountain[ _]?biking|gravel[ _]?cycling|e[ _-]?bike[ _]?ride|bike)$/, 'Cycling'],
  [/^(virtual[ _]?ride|indoor[ _]?cycling|spinning)$/, 'Spinning'],
  [/^(walk|walking|casual[ _]?walking|speed[ _]?walking)$/, 'Walking'],
  [/^(hike|hiking|snowshoe|snowshoeing)$/, 'Hiking'],
  [/^(swim|swimming|open[ _]?water[ _]?swimming)$/, 'Swimming'],
  [/^(alpine[ _]?ski|alpine[ _]?skiing|nordic[ _]?ski|cross[ _]?country[ _]?skiing|backcountry[ _]?ski|snowboard|snowboarding|resort[ _]?skiing)$/, 'Skiing/Snowboarding'],
  [/^(inline[ _]?skate|inline[ _]?skating)$/, 'Rollerblading'],
];

export const gpxTypeOf = (type: unknown, trackName: unknown): string => {
  const word = typeof type === 'string' ? type.trim().toLowerCase() : '';
  for (const [pattern, name] of GPX_WORDS) if (pattern.test(word)) return name;
  return cleanTitle(trackName) ?? (word && !/^\d+$/.test(word) ? humanised(word) : 'Other');
};

/** Apple Health `HKWorkoutActivityType...` (HealthKit's list), without the prefix. */
const APPLE_TYPES: Record<string, string> = {
  Running: 'Running',
  Cycling: 'Cycling',
  HandCycling: 'Cycling',
  Walking: 'Walking',
  Hiking: 'Hiking',
  Swimming: 'Swimming',
  Yoga: 'Yoga',
  Pilates: 'Pilates',
  Barre: 'Barre',
  FunctionalStrengthTraining: 'Strength Training',
  TraditionalStrengthTraining: 'Strength Training',
  CoreTraining: 'Strength Training',
  HighIntensityIntervalTraining: 'HIIT',
  CrossTraining: 'Circuit Training',
  MixedCardio: 'Aerobics',
  MixedMetabolicCardioTraining: 'Aerobics',
  Elliptical: 'Elliptical',
  StairClimbing: 'Elliptical',
  Stairs: 'Elliptical',
  StepTraining: 'Aerobics',
  Dance: 'Dancing',
  DanceInspiredTraining: 'Dancing',
  SocialDance: 'Dancing',
  CardioDance: 'Dancing',
  Boxing: 'Boxing',
  Kickboxing: 'Boxing',
  MartialArts: 'Martial Arts',
  Climbing: 'Climbing',
  Tennis: 'Tennis',
  Pickleball: 'Tennis',
  Golf: 'Golf',
  DiscSports: 'Golf',
  Basketball: 'Team Sports',
  Soccer: 'Team Sports',
  AmericanFootball: 'Team Sports',
  AustralianFootball: 'Team Sports',
  Baseball: 'Team Sports',
  Softball: 'Team Sports',
  Cricket: 'Team Sports',
  Handball: 'Team Sports',
  Hockey: 'Team Sports',
  Lacrosse: 'Team Sports',
  Rugby: 'Team Sports',
  Volleyball: 'Team Sports',
  DownhillSkiing: 'Skiing/Snowboarding',
  CrossCountrySkiing: 'Skiing/Snowboarding',
  Snowboarding: 'Skiing/Snowboarding',
  SnowSports: 'Skiing/Snowboarding',
  Other: 'Other',
};

export const appleTypeOf = (type: unknown): string => {
  if (typeof type !== 'string' || !type) return 'Other';
  const bare = type.replace(/^HKWorkoutActivityType/, '');
  return APPLE_TYPES[bare] ?? humanised(bare);
};
