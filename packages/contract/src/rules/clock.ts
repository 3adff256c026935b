/** The source of "now" for rules that depend on time; the web passes `() => new Date()`. */
export type Clock = () => Date;
