import { ParameterPage } from '../../features/content/components/parameter-page.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

const title = 'Careers';
const related = {
  title: 'Get to know us',
  links: [
    { to: '/about', label: 'About Us' },
    { to: '/people', label: 'Our People' },
    { to: '/contact', label: 'Contact Us' },
  ],
};

/** /careers: the page parameter sRshWebCareersHTML (editable by administrators, like every page parameter). */
export default function CareersRoute() {
  usePageTitle(title);
  return (
    <ParameterPage
      name="sRshWebCareersHTML"
      title={title}
      eyebrow="Join us"
      related={related}
      headerKey="careers"
    />
  );
}
