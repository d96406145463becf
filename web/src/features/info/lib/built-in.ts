import type { CommunityContentType } from '@plates/common';

/**
 * The community pages' built-in text, in Markdown: what /about, /how-it-works and /guidelines show
 * until staff write their own on /admin/content, and where the editor starts from. One copy for
 * both, so the page and the editor never disagree. Live figures (the points and levels on How it
 * works) are not text: the page adds them below whatever text it shows.
 */
export const BUILT_IN_PAGES: Record<CommunityContentType, { title: string; content: string }> = {
  about: {
    title: 'About Plates',
    content: `Plates is a place to share photos of the dishes you cook and the plates you love, and to see what other cooks are making. Every plate can be rated from one to five stars, talked about in the comments, saved for later and shared with friends.

## What you can do

- Browse the feed, the top rated plates and the leaderboard, with or without an account.
- With an account: upload plates, rate other people’s plates (never your own), comment and reply, like comments, save plates and report anything that breaks the rules.
- Earn points as you take part and climb ten cooking levels, from Fresh Cook to Culinary God.

## Keeping it friendly

New plates are checked by an admin before everyone can see them; until then they show as “Awaiting approval” to the person who posted them. Reports go to the same team, who review each one.`,
  },
  how_it_works: {
    title: 'How it works',
    content: `## Posting a plate

1. Choose Upload Plate, pick a photo and give it a title of 3 to 50 characters.
2. Add a description, the place, the cuisines and a short description of the photo for people using screen readers if you like.
3. An admin checks the plate; once approved, everyone can see it in the feed.

## Rating and comments

Rate any plate but your own from one to five stars; you can change your rating later. The average and the number of ratings show on every plate. Comments, replies and hearts keep the conversation going.`,
  },
  guidelines: {
    title: 'Community guidelines',
    content: `Plates is for sharing food you made or loved. A few rules keep it a kind place for every cook.

- Post your own photos of food, with a title that says what is on the plate.
- Rate the plate, not the cook: be honest and be kind in comments and chats.
- No spam, advertising, hate, harassment or explicit content.
- Respect other people’s work: do not post photos you have no right to share.

When something breaks these rules, report it: the team reviews every report.`,
  },
};
