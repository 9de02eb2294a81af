// Word lists the name builders combine into channel, title and video names.

export const ADJECTIVES = [
  'Happy', 'Little', 'Golden', 'Crazy', 'Wild', 'Brave', 'Silent', 'Cosmic', 'Rapid', 'Clever',
  'Lucky', 'Mighty', 'Sunny', 'Frozen', 'Hidden', 'Electric', 'Royal', 'Urban', 'Tiny', 'Super',
  'Epic', 'Secret', 'Midnight', 'Crystal', 'Neon', 'Jolly', 'Funky', 'Magic', 'Rocket', 'Silver',
  'Red', 'Blue', 'Green', 'Purple', 'Orange', 'Daily', 'Real', 'True', 'Modern', 'Classic',
  'Smart', 'Quick', 'Bright', 'Lazy', 'Curious', 'Fearless', 'Gentle', 'Noisy', 'Sleepy', 'Spicy',
];

export const NOUNS = [
  'Bear', 'Fox', 'Panda', 'Rabbit', 'Tiger', 'Dragon', 'Robot', 'Pirate', 'Ninja', 'Wizard',
  'Garden', 'Kitchen', 'Garage', 'Planet', 'Rocket', 'Island', 'Forest', 'River', 'Castle', 'Train',
  'Truck', 'Bus', 'Dino', 'Monster', 'Puppy', 'Kitten', 'Owl', 'Penguin', 'Shark', 'Whale',
  'Chef', 'Doctor', 'Hero', 'Knight', 'Princess', 'Farmer', 'Builder', 'Explorer', 'Racer', 'Gamer',
  'Cookie', 'Pancake', 'Taco', 'Noodle', 'Pizza', 'Cupcake', 'Melody', 'Rhythm', 'Story', 'Puzzle',
  'Science', 'Craft', 'Circuit', 'Motor', 'Studio', 'Arena', 'Quest', 'Atlas', 'Comet', 'Galaxy',
];

export const CHANNEL_SUFFIXES = [
  'TV', 'Kids', 'Studio', 'Show', 'Channel', 'Official', 'Lab', 'Hub', 'Club', 'Stories',
  'Plays', 'Daily', 'World', 'Life', 'Music', 'Games', 'Academy', 'Network', 'Media', 'Family',
];

export const FIRST_NAMES = [
  'Alex', 'Maria', 'Ivan', 'Sofia', 'Lucas', 'Emma', 'Noah', 'Mia', 'Leo', 'Ana',
  'Omar', 'Yuki', 'Min', 'Priya', 'Arjun', 'Chloe', 'Mateo', 'Olga', 'Hana', 'Diego',
  'Lena', 'Tom', 'Nina', 'Sam', 'Zara', 'Max', 'Eva', 'Ravi', 'Lea', 'Kai',
];

export const LAST_NAMES = [
  'Smith', 'Garcia', 'Petrov', 'Silva', 'Kim', 'Nguyen', 'Müller', 'Rossi', 'Tanaka', 'Khan',
  'Lopez', 'Novak', 'Santos', 'Cohen', 'Singh', 'Dubois', 'Ivanova', 'Park', 'Costa', 'Reyes',
];

/** Phrases for episode-like video titles. */
export const EPISODE_PHRASES = [
  'The Big Adventure', 'Lost in the City', 'A Day at the Beach', 'The Secret Door', 'Birthday Surprise',
  'Snow Day', 'The Great Race', 'Camping Trip', 'Night at the Museum', 'New Friends',
  'The Missing Key', 'Rainy Day Fun', 'Space Mission', 'Treasure Hunt', 'The Talent Show',
  'Back to School', 'Holiday Special', 'Monster Under the Bed', 'Cooking Contest', 'Mystery Island',
];

/** Topics for how-to, review and challenge video titles. */
export const TOPICS = [
  'budget gaming PC', 'sourdough bread', 'tiny house', 'electric car', 'street food', 'home studio',
  'speedrun', 'magic trick', 'science experiment', 'paper airplane', 'slime', 'LEGO city',
  'morning routine', 'room makeover', 'survival base', 'robot arm', 'drawing tutorial', 'guitar riff',
  'phone camera', 'mini golf', 'hot sauce', 'ice cream', 'boss fight', 'treehouse',
];

export const VIDEO_TEMPLATES = [
  '{title}: {phrase} | Full Episode',
  '{title} - {phrase} (Episode {n})',
  '{title} Compilation | {n} Minutes of Fun',
  'I tried the {topic} challenge',
  'How to make a {topic} in {n} minutes',
  'Top {n} {topic} moments',
  '{topic} review: worth it?',
  'We built a {topic} from scratch',
  '{title} | Season {s} Episode {n} | {phrase}',
  'Testing {topic} hacks so you don\'t have to',
];

export const SHORT_TEMPLATES = ['{topic} in 30 seconds #shorts', 'Wait for it... {topic} #shorts', '{title} moment #shorts'];

export const LIVE_TEMPLATES = ['{title} 24/7 Live Stream', 'LIVE: {topic} marathon', 'Live Q&A: {topic}'];
