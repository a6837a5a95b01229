import type { TeamMember } from '@cleanquote/content';
import { EmailButton } from './email-button.tsx';

/** Props of {@link TeamCard}. */
export interface TeamCardProps {
  member: TeamMember;
  /** Level of the name's heading in the page outline. */
  headingLevel: 2 | 3;
  /** Show the member's bio (the team page does; the home page keeps its cards short). */
  showBio?: boolean;
  /** 'eager' only where the card is in the first screenful. */
  imageLoading?: 'eager' | 'lazy';
}

/** A staff card: photo, name, role, phone and an Email button that opens the contact dialog. */
export function TeamCard({ member, headingLevel, showBio = false, imageLoading = 'lazy' }: TeamCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card team-card">
      <img
        className="team-card__photo"
        src={member.photo}
        alt={`Portrait of ${member.name}`}
        width={160}
        height={160}
        loading={imageLoading}
        decoding="async"
      />
      <div className="team-card__body">
        <Heading className="team-card__name">{member.name}</Heading>
        <p className="team-card__role">{member.role}</p>
        {showBio && <p>{member.bio}</p>}
        <div className="button-row button-row--tight">
          <a className="button button--outline" href={`tel:${member.phone.replaceAll(' ', '')}`}>
            {`Call ${member.phone}`}
          </a>
          <EmailButton recipient={member}>
            Email<span className="visually-hidden">{` ${member.name}`}</span>
          </EmailButton>
        </div>
      </div>
    </li>
  );
}
