/**
 * Every project shows its (generated) picture: the seed left one without ("Reading Buddies"), which the
 * reward target screens showed as a grey box with its name. /media/projects draws one for any project.
 */
export const sql = /* sql */ `
UPDATE projects SET has_image = true WHERE NOT has_image;
`;
