import type { TestimonialsSection } from '../../generated/content';
import { SectionFrame, type SectionProps } from '../SectionFrame';

export function Testimonials({ section, index }: SectionProps<TestimonialsSection>) {
  return (
    <SectionFrame kind="testimonials" index={index} section={section} defaultBackground="muted">
      <ul className="grid grid--3">
        {section.items.map((t) => {
          const rating = t.rating ?? 5;
          return (
            <li className="card testimonial" key={t.name}>
              <figure>
                <p className="testimonial__rating" role="img" aria-label={`Rated ${rating} out of 5`}>
                  {'★'.repeat(rating)}
                  {'☆'.repeat(5 - rating)}
                </p>
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial__name">{t.name}</span>
                  <span className="testimonial__role">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </SectionFrame>
  );
}
