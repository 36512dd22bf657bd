// Hand-written pieces the spam benchmark's corpus is assembled from (bench/spam-corpus/generate.ts).
// Every sentence here was written for this corpus: genuine leads as the site's visitors write them
// (creators, businesses, agencies, people asking a question), spam as it arrives at any public form.
// Edit these, then run `npx tsx bench/spam-corpus/generate.ts` to write corpus.json again.

export const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chloé',
  'Dmitri',
  'Elif',
  'Femi',
  'Greta',
  'Hiroshi',
  'Ingrid',
  'Jamal',
  'Keiko',
  'Luis',
  'Maren',
  'Nadia',
  'Owen',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tamar',
  'Uchenna',
  'Valentina',
  'Wei',
  'Ximena',
  'Yusuf',
  'Zoë',
  'Aoife',
  'Bartosz',
  'Carmen',
  'Dario',
  'Efua',
  'Farid',
  'Gwen',
  'Hannah',
  'Ivo',
  'Joanna',
  'Kofi',
  'Leilani',
  'Mateus',
  'Nikolai',
  'Oksana',
  'Pablo',
  'Rhys',
  'Saoirse',
  'Tomás',
  'Ulla',
  'Vikram',
  'Wiktoria',
  'Yara',
  'Zeynep',
  'Mark',
  'Sarah',
  'David',
  'Emily',
  'James',
  'Laura',
  'Chris',
  'Jessica',
  'Michael',
  'Rachel',
  'Tom',
  'Kate',
];

export const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Nguyễn',
  'Kowalczyk',
  'Fernández',
  'Tanaka',
  "O'Brien",
  'Haddad',
  'Schmidt',
  'Rossi',
  'Mensah',
  'Petrov',
  'Silva',
  'Andersson',
  'Yılmaz',
  'Dubois',
  'García',
  'Chen',
  'Novak',
  'Murphy',
  'Papadopoulos',
  'Kim',
  'Brennan',
  'Van der Berg',
  'Szczepański',
  'Ó Súilleabháin',
  'Adeyemi',
  'Hughes',
  'Bianchi',
  'Larsen',
  'Mbeki',
  'Castillo',
  'Ivanova',
  'Walsh',
  'Nakamura',
  'Costa',
  'Fischer',
  'Campbell',
  'Reyes',
  'Llwyd',
  'Krk',
];

/** Mail providers people use, and the shape of a business domain. */
export const MAIL_PROVIDERS = [
  'gmail.com',
  'outlook.com',
  'yahoo.com',
  'proton.me',
  'icloud.com',
  'hotmail.co.uk',
  'gmx.de',
  'web.de',
  'orange.fr',
  'libero.it',
];

export const STUDIO_WORDS = [
  'Harbour',
  'Lumen',
  'Northfield',
  'Copper',
  'Willow',
  'Saltmarsh',
  'Brightline',
  'Oakridge',
  'Tidewater',
  'Ember',
  'Granite',
  'Kestrel',
  'Bluebird',
  'Meridian',
  'Fernhill',
  'Quarry',
];
export const STUDIO_KINDS = [
  'Studio',
  'Photography',
  'Media',
  'Games',
  'Press',
  'Records',
  'Labs',
  'Design Co',
  'Publishing',
  'Apparel',
  'Software',
  'Films',
];

/** Sites where copies turn up, and the shape of their addresses. */
export const COPY_HOSTS = [
  'www.pinterest.com/pin/',
  'www.etsy.com/listing/',
  'www.redbubble.com/i/t-shirt/',
  'www.amazon.com/dp/',
  'www.aliexpress.com/item/',
  'www.youtube.com/watch?v=',
  'www.tiktok.com/@',
  'www.instagram.com/p/',
  'printshop-direct.net/products/',
  'wallpaperhub.site/img/',
  'free-ebooks-online.org/read/',
  'www.teepublic.com/t-shirt/',
  'scraped-articles.info/',
  'apkmirror-free.xyz/app/',
  'www.facebook.com/marketplace/item/',
  'medium.com/@',
  'www.dhgate.com/product/',
  'soundhub-mp3.net/track/',
  'www.scribd.com/document/',
  'www.ebay.com/itm/',
];

export const ORIGINAL_HOSTS = [
  'www.behance.net/',
  'www.artstation.com/artwork/',
  'www.flickr.com/photos/',
  'www.instagram.com/p/',
  'vimeo.com/',
  'bandcamp.com/track/',
  'github.com/',
  'www.wattpad.com/story/',
];

export const PERSONAL_CONTENT = ['photography', 'artwork', 'videos', 'writing', 'music', 'other'] as const;

/** What a creator says happened, in their own words; {what} is their work, {where} the kind of site. */
export const CREATOR_STORIES = [
  'Someone downloaded {what} from my portfolio and is selling prints of it on {where}. I never licensed it to anyone.',
  'I found {what} on {where} with my watermark cropped out. The listing has been up for about three weeks.',
  'A shop on {where} is using {what} on phone cases and t-shirts. I am the only author and I have the original RAW files.',
  '{what} was reuploaded on {where} under another name. The uploader claims they made it. I posted it first in 2021.',
  'My client told me they saw {what} in an advert on {where}. Nobody asked me for permission and I was not paid.',
  'Hi, {what} has been copied onto {where}. Can you please help me get it taken down? I tried reporting it myself but heard nothing back.',
  'hello i found {what} on {where}, they even kept my name in the file lol. please remove',
  'This is the third time {what} has been stolen and posted to {where}. I am exhausted with reporting it one link at a time.',
  '{what} is being sold as a digital download on {where} for $4.99. I only ever shared it on my own website.',
  'Somebody on {where} ran {what} through a filter and is passing it off as their own. Side by side the composition is identical.',
  'I am a student and {what} was posted to {where} without credit. I do not have a lawyer and I am not sure what my options are.',
  'my ex posted {what} on {where} and refuses to take it down. I took these myself and own them.',
  'A former collaborator uploaded {what} to {where} after our contract ended. The contract says the rights stay with me.',
  'Found {what} on {where} while searching my own name. The page also has ads on it, so they are making money from it.',
  'Ich habe {what} auf {where} gefunden, ohne meine Erlaubnis. Bitte helfen Sie mir, es entfernen zu lassen. (Sorry, my English is not so good.)',
  'Hola, encontré {what} en {where} sin mi permiso. Soy la autora original y tengo los archivos. ¿Pueden ayudarme?',
  "Bonjour, {what} a été copié sur {where}. Je suis l'auteur et je voudrais que ce soit retiré rapidement.",
  'Olá, {what} foi copiado para {where} sem autorização. Sou o autor e tenho os arquivos originais.',
];

export const CREATOR_WORKS: Record<(typeof PERSONAL_CONTENT)[number], string[]> = {
  photography: [
    'my wedding photos',
    'a landscape photo of mine',
    'my street photography series',
    'twelve of my portraits',
    'my photo of the harbour at dawn',
  ],
  artwork: ['my illustration', 'a painting of mine', 'my character design', 'my tattoo flash sheet', 'my digital artwork'],
  videos: ['my cooking video', 'my short film', 'a clip from my channel', 'my tutorial video', 'my drone footage'],
  writing: ['my short story', 'my blog post', 'three chapters of my novel', 'my recipe article', 'my poem'],
  music: ['my song', 'my beat', 'the instrumental from my EP', 'my podcast episode', 'a track from my album'],
  other: ['my knitting pattern', 'my sewing pattern PDF', 'my 3D print model', 'my course slides', 'my font'],
};

export const WHERE_WORDS = [
  'a print-on-demand shop',
  'Etsy',
  'Pinterest',
  'a stock photo site',
  'YouTube',
  'a wallpaper site',
  'Amazon',
  'a Facebook page',
  'TikTok',
  'a scraper blog',
  'AliExpress',
  'Redbubble',
];

export const BUSINESS_DESCRIPTIONS = [
  'Our product photos are being used by {n} resellers without authorisation. The originals are on our own shop at {site}.',
  'Counterfeit listings are using our brand name and product images. We have registered trademarks in the EU and US.',
  'A competitor copied our whole landing page including the copy and the illustrations. We can send the design files.',
  'Our course videos are being resold through a Telegram channel and mirrored on the sites listed. Please prioritise the paid mirrors.',
  'Leaked builds of our game are hosted on the file lockers above. Release date is next month, so this is time-sensitive.',
  'These listings sell cracked copies of our software licence keys. We have the customer complaints to show the harm.',
  'The articles from our blog are republished in full, with our internal links still in them. We would like them removed.',
  'Our catalogue photography (about {n} images) appears on the marketplace listings above. We shot all of it in house.',
  'Our label’s releases are uploaded to these MP3 sites. We administer the masters and publishing for all tracks listed.',
  'A reseller we terminated in March is still using our images and logo on their site and on social media.',
  'See attached list. We are a small team and do not have time to send these notices ourselves anymore.',
  'Mostly images, a few videos. Some of the links may be down already, please check.',
  '',
];

export const AGENCY_DESCRIPTIONS = [
  'We are a talent agency acting for {n} creators. This batch covers one of our clients; we can provide the authorisation letter.',
  'We manage rights for an independent publisher. These are pirated PDFs of titles released this year.',
  'Marketing agency here. One of our clients found their ad creative copied by a dropshipping store. We handle their brand assets.',
  'We represent a photographer collective. The links are grouped by photographer; authorisation for each is on file.',
  'We look after the online presence of a fitness coach; her paid programmes are being shared for free on these sites.',
];

export const COMPANY_SUFFIXES = ['Ltd', 'GmbH', 'LLC', 'Inc.', 'S.L.', 'AB', 'B.V.', 'Pty Ltd', 'SAS', ''];

/** Questions people send through the contact forms. */
export const CONTACT_QUESTIONS: Array<{ inquiry: string; subject: string; message: string }> = [
  {
    inquiry: 'billing',
    subject: 'Pricing for a small studio',
    message: 'Hi, we are a two-person studio. What would it cost to monitor about 300 images? Do you offer monthly billing?',
  },
  {
    inquiry: 'billing',
    subject: 'Invoice address change',
    message:
      'Could you update the company address on our invoices? We moved office in September. Our account email is the one I am writing from.',
  },
  {
    inquiry: 'billing',
    subject: 'Refund question',
    message: 'I signed up for the annual plan by mistake, I wanted monthly. Is it possible to switch within the first week?',
  },
  {
    inquiry: 'takedown',
    subject: 'How long does a takedown take?',
    message:
      'I have one image on a print shop. How long does it usually take before the listing is gone, and what happens if they ignore you?',
  },
  {
    inquiry: 'takedown',
    subject: 'Counter notice received',
    message: 'The person I reported filed a counter notice. What happens now? Do I need a lawyer or can you handle it?',
  },
  {
    inquiry: 'takedown',
    subject: 'Copies in another country',
    message: 'The site copying my work is hosted in Russia. Can you still send a notice, or does the DMCA not apply there?',
  },
  {
    inquiry: 'legal',
    subject: 'Fair use question',
    message: 'A YouTuber used about 40 seconds of my video in a reaction video. Is that fair use or can I ask for removal?',
  },
  {
    inquiry: 'legal',
    subject: 'Do I need to register my copyright?',
    message: 'Do I need to register my photos with the copyright office before you can send takedown notices for me?',
  },
  {
    inquiry: 'protection',
    subject: 'Monitoring for a webcomic',
    message:
      'I publish a weekly webcomic and the pages get reposted on aggregator sites within hours. Can your monitoring catch those automatically?',
  },
  {
    inquiry: 'protection',
    subject: 'Which platforms do you scan?',
    message: 'Do you scan Telegram channels and Discord servers, or only public websites? Most of our leaks happen in private groups.',
  },
  {
    inquiry: 'technical',
    subject: 'Badge not showing',
    message: 'I added the badge code to my WordPress footer but the image does not show up. The theme is Astra. Any idea?',
  },
  {
    inquiry: 'technical',
    subject: 'Cannot log in',
    message: 'I reset my password twice and still get sent back to the sign in page. Using Firefox on Linux.',
  },
  {
    inquiry: 'partnership',
    subject: 'Referral partnership',
    message:
      'We run a community for illustrators (about 8,000 members). Would you be interested in a referral arrangement or a member discount?',
  },
  {
    inquiry: 'partnership',
    subject: 'Integration with our DAM',
    message:
      'We build a digital asset management tool and our customers keep asking about takedowns. Do you have an API for submitting requests?',
  },
  { inquiry: 'general', subject: 'Question', message: 'Do you work with individual artists or only companies?' },
  { inquiry: 'general', subject: 'Hello', message: 'Is there a free trial? I would like to see what you find before paying.' },
  {
    inquiry: 'general',
    subject: 'Speaking at our event',
    message:
      'We are organising a meetup for photographers in Lisbon in spring. Would someone from your team give a short talk about protecting work online?',
  },
  {
    inquiry: 'general',
    subject: 'Student project',
    message: 'I am writing my thesis on copyright enforcement for independent creators. Could I ask you five short questions by email?',
  },
  {
    inquiry: 'takedown',
    subject: 'URGENT my photos',
    message: 'SOMEONE IS USING MY PHOTOS ON A FAKE PROFILE AND MESSAGING MY FRIENDS. PLEASE HELP ASAP',
  },
  {
    inquiry: 'takedown',
    subject: 'stolen art',
    message: 'hi um someone stole my art and put it on a tshirt site. how much do u charge for 1 takedown??',
  },
  {
    inquiry: 'protection',
    subject: 'Protection for NFT collection',
    message:
      'Our NFT collection was copied and minted again on another marketplace with the same metadata. Can you file takedowns with marketplaces?',
  },
  {
    inquiry: 'takedown',
    subject: 'Scraper site copying our blog',
    message:
      'A scraper site republishes every post from our blog within an hour, backlinks and all. Google sometimes ranks the copy above us. Can you help with the host and with Google?',
  },
  {
    inquiry: 'general',
    subject: 'Unsubscribe from newsletter',
    message: 'Please unsubscribe me from your newsletter, I no longer run my photography business. Thanks for the help over the years.',
  },
  {
    inquiry: 'partnership',
    subject: 'SEO agency with clients who get copied',
    message:
      'We are an agency offering SEO services to about 40 small businesses. Several of them have had their articles scraped. Could we refer them to you, or manage their takedowns as a reseller?',
  },
  {
    inquiry: 'legal',
    subject: 'Kopie meiner Fotos',
    message:
      'Guten Tag, ein Onlineshop nutzt meine Produktfotos. Können Sie auch in Deutschland Abmahnungen oder Löschanfragen stellen? Vielen Dank.',
  },
  {
    inquiry: 'general',
    subject: 'Pregunta sobre precios',
    message: 'Hola, ¿tienen planes para fotógrafos independientes en España? Me interesa la protección mensual para unas 200 imágenes.',
  },
  {
    inquiry: 'takedown',
    subject: 'Мои фотографии украли',
    message: 'Здравствуйте! Мои фотографии опубликовали на чужом сайте без разрешения. Можете помочь удалить их? Ссылки пришлю.',
  },
  {
    inquiry: 'general',
    subject: '作品の無断転載について',
    message: '私のイラストが海外のサイトに無断転載されています。日本からでも依頼できますか？よろしくお願いします。',
  },
  {
    inquiry: 'technical',
    subject: 'API keys',
    message: 'Where do I find the API key for the takedown request endpoint? The docs mention it but my dashboard does not show it.',
  },
  { inquiry: 'billing', subject: 'VAT number', message: 'Please add our VAT number DE298765432 to the next invoice. Thank you.' },
];

/** How people open and close a message; {first} and {name} are the writer's. */
export const GREETINGS = ['', '', '', 'Hi, ', 'Hello, ', 'Hi team, ', 'Good morning, ', 'Hey, ', 'Dear team, ', 'Hello there. '];
export const SIGN_OFFS = [
  '',
  '',
  ' Thanks!',
  ' Thank you.',
  ' Thanks, {first}',
  ' Best regards, {name}',
  ' Kind regards, {name}',
  ' Cheers, {first}',
  ' Many thanks in advance.',
  ' — {first}',
  ' Thank you for your help, {name}',
];

/** Short optional notes on a get-started form: many leave it empty. */
export const QUOTE_NOTES = [
  '',
  '',
  '',
  'Mostly worried about print shops.',
  'I have about 2,000 images across two portfolios.',
  'Can you start this week? A big release is coming up.',
  'We tried another service before and it only found a handful of copies.',
  'Just browsing for now, send me the details please.',
  'Our music keeps getting reuploaded to lyric video channels.',
  'Our app gets cloned on third-party stores every update.',
  'Looking for something for a team of five writers.',
  'i have a small channel (12k subs) is this worth it for me?',
  'Please call me, I prefer talking on the phone. +44 7700 900123',
  'Wir sind ein kleines Studio aus Leipzig.',
  'Mi contenido se copia mucho en TikTok.',
  'Found copies on https://www.redbubble.com/people/copycat-shop and https://www.teepublic.com/stores/copycat, probably more.',
];

export const DIY_REASONS = ['', '', 'diy', 'template'];

/** Websites of honest applicants: shops, portfolios. */
export const WEBSITE_TLDS = ['.com', '.co.uk', '.de', '.studio', '.art', '.io', '.shop', '.net'];

// ---------------------------------------------------------------------------------------------- spam

export const SPAM_NAMES = [
  'Mike Hill',
  'Jessica Brown',
  'Anna Smith',
  'Robertdus',
  'Eric Jones',
  'Support Team',
  'SEO Expert',
  'Crypto Support',
  'Williamkig',
  'Sophia Miller',
  'Dr. Johnson',
  'Account Manager',
  'Alex',
  'Davidtwelp',
  'Lisa',
  'Kevin Parker',
  'Hannah Lee',
  'Marketing Dept',
  'Jamesenvef',
];

export const SPAM_DOMAINS = [
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'yandex.com',
  'mail.ru',
  'seo-rankers.biz',
  'growthleads.pro',
  'cryptoyield.io',
  'bestpharma-online.com',
  'inbox.lv',
  'rambler.ru',
  'aol.com',
];

export const LINK_FARM_HOSTS = [
  'best-casino-bonus.top',
  'cheap-essays-now.com',
  'replica-watches.shop',
  'free-spins-today.xyz',
  'loan-fast-approval.biz',
  'kitchen-renovation-tips.blog',
  'weightloss-miracle.store',
  'dating-singles-near.me',
  'vpn-free-forever.net',
  'gamehacks-unlimited.ru',
  'cheap-flights-deals.click',
  'buy-instagram-likes.co',
  'escort-reviews.site',
  'bet-sports-live.win',
  'cbd-gummies-best.shop',
];

export const LINK_FARM_LINES = [
  'Check this out',
  'Great site',
  'Very useful information',
  'Nice post',
  'I like it',
  'Read more here',
  'Best offer',
  'Visit my page',
  'Look at this',
  'Good stuff',
  'thank you',
  'more info',
];

export const SEO_OFFERS = [
  'Hi there, I was checking your website and noticed it is not on the first page of Google for your main keywords. We can rank your website in 30 days with white hat backlinks. Shall I send you a quote?',
  'Hello, I am an SEO specialist. Your site has 37 technical errors that stop it from ranking. We offer affordable SEO services starting from $99 per month. Reply for a free audit.',
  'We can increase your traffic by 300% with our guest post packages on high authority sites (DA 50+). Price list attached, reply YES to get it.',
  'Dear Sir Madam, we provide high quality backlinks from news sites. 100% do-follow, permanent, Google safe. Let me know your budget.',
  'I noticed your competitors outrank you for "dmca takedown". We helped 500+ businesses reach the first page of Google. Can I send you a proposal?',
  'Hi, are you accepting guest posts? I would like to publish an article on your blog with one link to my client. We pay $50 per post.',
  'Your website deserves more visitors! Our organic SEO services will boost your rankings quickly. Book a free 15 minute call.',
  'Hey, I can get your site listed in 2,000 directories for just $39. This will boost your domain authority fast.',
];

export const DESIGN_OFFERS = [
  'Hi, I came across your website and noticed the design looks a bit outdated and not fully mobile friendly. We offer web design services at very reasonable rates. Can I share some samples?',
  'Hello, I am a freelance web developer. I can redesign your website in WordPress or Shopify with a modern look for a fixed price of $499. Interested?',
  'Is your website converting visitors? We build modern websites and apps for businesses. Reply to this message and I will send our portfolio.',
  'We noticed your website loads slowly on mobile. Our team can fix speed issues and redesign the layout. Would you like a free mockup?',
  'I can create a professional logo, branding kit and new website for your business. Fast delivery, unlimited revisions.',
];

export const CRYPTO_OFFERS = [
  'Earn 15% weekly with our automated trading bot. Minimum deposit only $250. Thousands of members already financially free. Start now: {link}',
  'Exclusive bitcoin investment opportunity for selected partners. Guaranteed returns of 40% in one month. Contact our manager on WhatsApp.',
  'You have been selected for a crypto giveaway! Claim your 0.5 BTC before the offer expires: {link}',
  'Hello dear, I am an investment consultant. Let me show you how I turned $1,000 into $18,000 with forex signals in two months.',
  'Your wallet has pending rewards of 2.4 ETH. Verify your address to withdraw: {link}',
  'Passive income opportunity: stake USDT with 3% daily profit. Limited slots. Join our Telegram group today.',
  'Dear friend, I need a trusted partner to help me transfer $4.5 million from a dormant account. You will receive 30% for your assistance.',
];

export const PHARMA_OFFERS = [
  'Buy viagra and cialis online without prescription. Discreet delivery worldwide. Best prices: {link}',
  'Cheap meds online, no prescription needed, 70% off. Order today: {link}',
  'Weight loss pills that really work, lose 10 kg in 2 weeks. Doctors hate this. {link}',
  'Generic pills at factory prices, fast shipping to USA, UK, EU. {link}',
];

export const ADULT_OFFERS = [
  'Lonely tonight? Women in your area want to chat. No sign up fee: {link}',
  'Meet attractive singles near you. Verified profiles, private messages. {link}',
  'Hi, I saw your profile and want to get to know you better. My pictures are here: {link}',
  'Looking for a discreet companion? Join free today: {link}',
];

export const INVOICE_SCAMS = [
  'Dear customer, invoice INV-{n} is overdue. Please review the payment details at {link} to avoid service suspension.',
  'Your domain registration expires today. Renew now to keep your website online: {link} Invoice number {n}.',
  'Payment notification: we attempted to charge your card for order #{n} and it failed. Update your billing information here: {link}',
  'Final notice: your account will be closed within 24 hours unless invoice {n} is paid. Secure payment portal: {link}',
];

export const LEAD_OFFERS = [
  'Would you be interested in a list of 50,000 verified emails of marketing managers in the US? Accurate and GDPR compliant. Reply for a sample.',
  'We help companies like yours get 20-30 qualified B2B appointments per month. Can I send you a short video explaining how?',
  'Hi, I can write 10 SEO optimised blog articles per week for your site at $15 each. Native English writer.',
  'Hello, we noticed you do not have a mobile app. We build iOS and Android apps for a fraction of the usual cost.',
  'Want more followers? Buy followers and likes for Instagram and TikTok, real looking accounts, instant delivery.',
  'Hi, can we get your business funded? Same day payday loan or business credit up to $500k, no credit check.',
];

export const REPUTATION_OFFERS = [
  'We remove negative reviews from Google, Trustpilot and Yelp. 100% success rate or money back. Message us for a quote.',
  'Got bad press? We push negative search results off the first page of Google within weeks.',
  'We can delete any link from Google, including news articles. Fast, guaranteed, confidential.',
];

/** Generic paragraphs a bot pastes: copied text with no question in it. */
export const COPIED_TEXT = [
  'Copyright is a type of intellectual property that protects original works of authorship as soon as an author fixes the work in a tangible form of expression. In copyright law, there are a lot of different types of works, including paintings, photographs, illustrations, musical compositions, sound recordings, computer programs, books, poems, blog posts, movies, architectural works, plays, and so much more.',
  'The best way to find a good contractor is to ask your friends and neighbours. Look for reviews online and always get at least three quotes before you decide. A good contractor will be licensed, insured and happy to provide references.',
  'Coffee is a brewed drink prepared from roasted coffee beans, the seeds of berries from certain flowering plants. From the coffee fruit, the seeds are separated to produce a stable, raw product: unroasted green coffee.',
  'Protect your creative work with our monitoring service. We scan the web for copies of your images, videos and text, and send takedown notices on your behalf. Start your free trial today.',
  'Our commercial team replies within one business day. Tell us your company, the type of content that was copied and the links to the infringing copies, one per line.',
  'In today’s fast paced digital world, businesses need to stay ahead of the competition. Digital transformation is no longer optional but a necessity for growth, efficiency and customer satisfaction.',
];

/** Generic form-filler texts: polite, empty, sent to every form on the web. */
export const FORM_FILLER = [
  'Hello, I am interested in your services. Please send me your price list.',
  'Hi, I would like to know more about your company. Please contact me.',
  'Good day! I want to discuss a business proposal with you. Please reply to my email.',
  'Hello. How can I contact your manager? I have an offer for your company.',
  'Hi, what is the price?',
];

/** One campaign's text, sent from many addresses in a day (the same-message signal). */
export const CAMPAIGNS = [
  'Hi, this is Eric. I just found your site and I love it. Quick question: what if you could turn every visitor into a lead? Our Web Visitors Into Leads tool lets you talk to them instantly. Try it free for 14 days: {link}',
  'Hello! We are offering a special promotion this month: your company listed in our premium business directory with a do-follow link, reviewed and approved in 24 hours. Only $29 for lifetime listing. Reply to this message to claim your spot.',
  'Greetings. We are a manufacturer of custom packaging, boxes and labels with free design and fast shipping worldwide. Minimum order 100 pieces. Send us your requirements for a quotation today.',
  'Notice: Your website is missing important legal pages (privacy policy, cookie banner, terms). Non-compliance may lead to fines. Generate compliant pages in minutes with our tool, 50% off today only.',
];
