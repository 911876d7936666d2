import { activityTypes, OTHER_ACTIVITY } from '@/contract/activity';

/**
 * The workout names phone apps send, mapped onto the product's activity types: Apple Health's as
 * Health Auto Export writes them ('Outdoor Run', 'Traditional Strength Training'), Android Health
 * Connect's exercise types ('RUNNING', 'BIKING_STATIONARY') and our own type names. Compared without
 * case, spaces, underscores or hyphens. A name with no fitting type keeps its own title (shown as
 * Other with it), as a tracker's does.
 */
const PHONE_WORKOUT_TYPES: Record<string, string> = {
  // Running and walking
  run: 'Running', running: 'Running', outdoorrun: 'Running', indoorrun: 'Running', treadmill: 'Running', runningtreadmill: 'Running', trailrun: 'Running',
  walk: 'Walking', walking: 'Walking', outdoorwalk: 'Walking', indoorwalk: 'Walking', walkingtreadmill: 'Walking', wheelchairwalkpace: 'Walking',
  hiking: 'Hiking', hike: 'Hiking',
  // Cycling
  cycling: 'Cycling', outdoorcycle: 'Cycling', indoorcycle: 'Spinning', biking: 'Cycling', bikingstationary: 'Spinning', handcycling: 'Cycling', spinning: 'Spinning',
  // Water
  swimming: 'Swimming', swim: 'Swimming', poolswim: 'Swimming', openwaterswim: 'Swimming', swimmingpool: 'Swimming', swimmingopenwater: 'Swimming',
  // Gym
  traditionalstrengthtraining: 'Strength Training', functionalstrengthtraining: 'Strength Training', strengthtraining: 'Strength Training', weightlifting: 'Strength Training',
  coretraining: 'Strength Training', calisthenics: 'Strength Training',
  highintensityintervaltraining: 'HIIT', hiit: 'HIIT', highintensityintervaltrainingworkout: 'HIIT',
  crosstraining: 'Circuit Training', mixedcardio: 'Circuit Training', circuittraining: 'Circuit Training', bootcamp: 'Circuit Training',
  elliptical: 'Elliptical', stairclimbing: 'Climbing', stairs: 'Climbing', stairclimbingmachine: 'Climbing', climbing: 'Climbing', rockclimbing: 'Climbing',
  aerobics: 'Aerobics', steptraining: 'Aerobics',
  yoga: 'Yoga', pilates: 'Pilates', barre: 'Barre',
  dance: 'Dancing', dancing: 'Dancing', cardiodance: 'Dancing', socialdance: 'Dancing',
  boxing: 'Boxing', kickboxing: 'Martial Arts', martialarts: 'Martial Arts',
  // Snow, wheels, rackets and teams
  downhillskiing: 'Skiing/Snowboarding', crosscountryskiing: 'Skiing/Snowboarding', snowboarding: 'Skiing/Snowboarding', skiing: 'Skiing/Snowboarding', snowsports: 'Skiing/Snowboarding',
  skatingsports: 'Rollerblading', rollerskating: 'Rollerblading', rollerblading: 'Rollerblading', inlineskating: 'Rollerblading',
  tennis: 'Tennis', padel: 'Tennis', pickleball: 'Tennis', tabletennis: 'Tennis', badminton: 'Tennis', racquetball: 'Tennis', squash: 'Tennis',
  golf: 'Golf',
  basketball: 'Team Sports', soccer: 'Team Sports', americanfootball: 'Team Sports', australianfootball: 'Team Sports', footballamerican: 'Team Sports', footballaustralian: 'Team Sports',
  hockey: 'Team Sports', icehockey: 'Team Sports', volleyball: 'Team Sports', rugby: 'Team Sports', baseball: 'Team Sports', softball: 'Team Sports', handball: 'Team Sports',
  lacrosse: 'Team Sports', cricket: 'Team Sports', frisbeedisc: 'Team Sports', waterpolo: 'Team Sports',
};

const normalised = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const ownTypes = new Map(activityTypes.filter((type) => type !== OTHER_ACTIVITY).map((type) => [normalised(type), type]));

/** The activity type a phone app's workout name stands for, else the name itself (its title). */
export const phoneWorkoutType = (name: string): string => {
  const key = normalised(name);
  return ownTypes.get(key) ?? PHONE_WORKOUT_TYPES[key] ?? name;
};
