/** What library/subscribe answers: the subscribed library, and how much of it is stored so far. */
export interface SubscribeAnswer {
  path: string;
  name: string;
  url: string;
  contentVersion: string;
  items: number;
  /** Items stored so far (the rest stream in). */
  stored: number;
}
