// Passwords near the top of published breach lists that would otherwise pass the password rule,
// plus the product's own name: NIST SP 800-63B asks services to refuse them. Lower case.

const LIST = `
abc123 abc1234 abc12345 abc123456 abcd1234 abcde12345 abcdef1 abcdef12 abcdef123 abcdefg1
abc123abc 123abc 123abc123 1234abcd 12345abc a1b2c3 a1b2c3d4 a1b2c3d4e5 1a2b3c 1a2b3c4d
a12345 a123456 a1234567 a12345678 aa123456 aaa111 abc111 qqq111 aaa123 asd123 asdf1234
asdasd123 asdfgh1 asdfgh123 asdfghjkl1 123456a 1234567a 12345678a 123456789a 12345a
123456q q123456 q1234567 x123456 z123456 000000a 111111a 123123a a123123 abc123123
password1 password2 password12 password123 password1234 password01 password2023 password2024
password2025 1password 12password passw0rd p4ssw0rd pa55word pa55w0rd passwort1 pass123
pass1234 pass12345 mypassword1 password1a
qwerty1 qwerty12 qwerty123 qwerty1234 qwerty12345 qwerty7 qwertyuiop1 qwertyui1 qwer1234
1234qwer 123qwe 123qwe123 qwe123 qwe1234 qwe123qwe qweqwe123 qweasd123 123qweasd qwertz123
azerty1 azerty123 asdf123 zxc123 zxcvbn1 zxcvbnm1 zxcv1234 zxc123456
1q2w3e 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 1qaz2wsx
1qaz2wsx3edc 1qazxsw2 zaq12wsx zaq1zaq1 zaq1xsw2 qazwsx1 qazwsx123 12qwaszx 1qaz1qaz 2wsx3edc
trustno1 letmein1 letmein123 iloveyou1 iloveyou2 iloveyou123 loveyou1 love123 loveme1 mylove1
lovely1 babygirl1 angel1 angel123 princess1 sunshine1 shadow1 master1 master123 welcome1
welcome12 welcome123 welcome2024 hello1 hello123 hello1234 charlie1 monkey1 monkey123 dragon1
dragon123 michael1 jordan1 jordan23 football1 baseball1 soccer1 hockey1 superman1 batman1
starwars1 pokemon1 naruto1 matrix1 mustang1 harley1 ferrari1 corvette1 maggie1 buddy123
ginger1 pepper1 buster1 tigger1 hunter1 hunter2 ranger1 killer1 nicole1 jessica1 ashley1
daniel1 andrew1 thomas1 robert1 matthew1 joshua1 anthony1 william1 jennifer1 michelle1
blink182 nirvana1 metallica1 liverpool1 arsenal1 chelsea1 barcelona1 cowboys1 yankees1
summer1 summer123 summer2023 summer2024 winter1 winter2023 winter2024 spring1 spring2024
autumn1 test123 test1234 test12345 testing1 testing123 admin1 admin123 admin1234 root123
login1 login123 user123 user1234 secret1 secret123 changeme1 changeme123 default1 computer1
internet1 samsung1 google1 chocolate1 freedom1 whatever1 cheese1 flower1 butterfly1 purple1
orange1 banana1 apple123 football123 youtube1 youtube123 video123 channel1
viewdeck1 viewdeck12 viewdeck123 viewdeck2024 viewdeck2025
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
